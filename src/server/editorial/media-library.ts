import 'server-only';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ArticleDocument,
  MediaDetailAnswer,
  MediaListAnswer,
  mediaListQuery,
  mediaPatchBody,
} from '@/lib/contracts/admin';
import type { Db } from '../db/client';
import { banners, media, newsroomArticles, staffMembers, staticPages } from '../db/schema';
import { AppError } from '../http/errors';
import { recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import { type MediaRow, toMediaAnswer } from './media';

// The newsroom's media library: the newest version of each upload, searched and filtered, its details with the
// places that show it, its alt text, caption and focal point, and its deletion once nothing shows it.

const NOT_FOUND_MESSAGE = 'Média introuvable.';
/** Articles named in a medium's details (and in the refusal to delete it): enough to act on, bounded. */
const USAGE_LIMIT = 50;
/** Versions followed back from a medium (each replacement adds one). */
const VERSION_LIMIT = 50;

/** Media no newer version replaced: the library's rows. */
const isNewestVersion = sql`not exists (select 1 from ${media} as newer where newer.replaces_id = ${media.id})`;

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** GET /api/admin/media: newest first, by kind and words of the name, alt text or caption; one page at a time. */
export async function listMedia(db: Db, query: z.output<typeof mediaListQuery>): Promise<MediaListAnswer> {
  const conditions: SQL[] = [isNewestVersion];
  if (query.kind) conditions.push(eq(media.kind, query.kind));
  if (query.q) {
    const pattern = likePattern(query.q);
    const matches = or(ilike(media.name, pattern), ilike(media.alt, pattern), ilike(media.caption, pattern));
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: media, uploadedBy: staffMembers.name })
      .from(media)
      .leftJoin(staffMembers, eq(staffMembers.id, media.createdBy))
      .where(where)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(media).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    items: rows.map(({ row, uploadedBy }) => toMediaAnswer(row, uploadedBy)),
    total: totalCount,
    page: query.page,
    perPage: query.perPage,
    pageCount: Math.ceil(totalCount / query.perPage),
  };
}

async function findMedium(db: Db, id: number): Promise<{ row: MediaRow; uploadedBy: string | null }> {
  const [found] = await db
    .select({ row: media, uploadedBy: staffMembers.name })
    .from(media)
    .leftJoin(staffMembers, eq(staffMembers.id, media.createdBy))
    .where(eq(media.id, id))
    .limit(1);
  if (!found) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  return found;
}

/** The medium and the versions it replaced, newest first. */
async function versionsOf(db: Db, row: MediaRow): Promise<MediaRow[]> {
  const versions = [row];
  let previous = row.replacesId;
  while (previous !== null && versions.length < VERSION_LIMIT) {
    const [older] = await db.select().from(media).where(eq(media.id, previous)).limit(1);
    if (!older) break;
    versions.push(older);
    previous = older.replacesId;
  }
  return versions;
}

/** Where a stored text names one of these media: their URLs all start /media/{public key or id}/ (decision 069). */
function namesAny(column: SQL, versions: MediaRow[]): SQL | undefined {
  return or(
    ...versions.map((version) => sql`${column} like ${`%/media/${version.publicKey ?? version.id}/%`}`),
  );
}

/** The articles (their newsroom copies: drafts and published alike) and other places that show these media. */
async function usageOf(db: Db, versions: MediaRow[]) {
  const [articles, pages, bannerRows] = await Promise.all([
    db
      .select({ id: newsroomArticles.id, title: newsroomArticles.title, status: newsroomArticles.status })
      .from(newsroomArticles)
      .where(namesAny(sql`${newsroomArticles.document}::text`, versions))
      .orderBy(desc(newsroomArticles.updatedAt))
      .limit(USAGE_LIMIT),
    db
      .select({ title: staticPages.title })
      .from(staticPages)
      .where(namesAny(sql`${staticPages.bodyHtml}`, versions))
      .limit(USAGE_LIMIT),
    db
      .select({ alt: banners.alt })
      .from(banners)
      .where(namesAny(sql`${banners.desktopUrl} || ' ' || ${banners.mobileUrl}`, versions))
      .limit(USAGE_LIMIT),
  ]);
  return {
    usedBy: articles,
    usedElsewhere: [
      ...pages.map((page) => `Page « ${page.title} »`),
      ...bannerRows.map((banner) => `Bannière « ${banner.alt} »`),
    ],
  };
}

/** GET /api/admin/media/{id}: the medium and what shows it, any of its versions. */
export async function getMediaDetail(db: Db, id: number): Promise<MediaDetailAnswer> {
  const { row, uploadedBy } = await findMedium(db, id);
  return { ...toMediaAnswer(row, uploadedBy), ...(await usageOf(db, await versionsOf(db, row))) };
}

/** PATCH /api/admin/media/{id}: alt text, caption (empty: none) and focal point (null: the centre). */
export async function updateMedia(
  db: Db,
  principal: StaffPrincipal,
  id: number,
  changes: z.output<typeof mediaPatchBody>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(media)
      .set({
        ...(changes.alt === undefined ? {} : { alt: changes.alt }),
        ...(changes.caption === undefined ? {} : { caption: changes.caption || null }),
        ...(changes.focalPoint === undefined
          ? {}
          : { focalX: changes.focalPoint?.x ?? null, focalY: changes.focalPoint?.y ?? null }),
      })
      .where(eq(media.id, id))
      .returning();
    if (!row) throw new AppError('not_found', NOT_FOUND_MESSAGE);
    await recordAudit(tx, principal, 'media.update', { type: 'media', id }, changes);
    const [uploader] = row.createdBy
      ? await tx
          .select({ name: staffMembers.name })
          .from(staffMembers)
          .where(eq(staffMembers.id, row.createdBy))
      : [];
    return toMediaAnswer(row, uploader?.name ?? null);
  });
}

/** The refusal to delete a medium something still shows, naming what (French, for the newsroom). */
function mediaInUseMessage(places: string[]): string {
  const shown = places.slice(0, 5).join(', ');
  const more = places.length > 5 ? ` et ${places.length - 5} autre(s)` : '';
  return `Ce média est encore utilisé (${shown}${more}) : retirez-le de ces contenus avant de le supprimer.`;
}

/** DELETE /api/admin/media/{id}: the medium and its earlier versions, only if nothing shows any of them (409). */
export async function deleteMedia(db: Db, principal: StaffPrincipal, id: number): Promise<void> {
  const { row } = await findMedium(db, id);
  const versions = await versionsOf(db, row);
  const { usedBy, usedElsewhere } = await usageOf(db, versions);
  if (usedBy.length > 0 || usedElsewhere.length > 0) {
    throw new AppError(
      'conflict',
      mediaInUseMessage([...usedBy.map((article) => `article « ${article.title} »`), ...usedElsewhere]),
    );
  }
  await db.transaction(async (tx) => {
    await tx.delete(media).where(
      inArray(
        media.id,
        versions.map((version) => version.id),
      ),
    );
    await recordAudit(tx, principal, 'media.delete', { type: 'media', id }, { name: row.name });
  });
}

/** The medium a replacement file becomes a new version of: only the newest version may be replaced. */
export async function replaceableMedium(db: Db, id: number): Promise<MediaRow> {
  const { row } = await findMedium(db, id);
  const [newer] = await db.select({ id: media.id }).from(media).where(eq(media.replacesId, id)).limit(1);
  if (newer) {
    throw new AppError(
      'conflict',
      `Ce fichier a déjà été remplacé (média ${newer.id}) : remplacez la version la plus récente.`,
    );
  }
  return row;
}

/** The address of a library medium in an image's URL: its public key, or the id of one uploaded before keys. */
const MEDIA_ADDRESS = /^\/media\/([0-9a-f]{32}|\d{1,9})\//;

type ArticleImages = ArticleDocument['images'];

/**
 * The article with each library image's focal point as its medium has it now (none if it has none), so that what
 * is published crops around the point set in the Médiathèque, even after the image was chosen. Other images keep
 * theirs. One query for the article's images.
 */
export async function withCurrentFocalPoints(db: Db, document: ArticleDocument): Promise<ArticleDocument> {
  const everyImage = [...document.images, ...document.sections.flatMap((section) => section.images)];
  const addresses = [
    ...new Set(everyImage.map((image) => MEDIA_ADDRESS.exec(image.href)?.[1]).filter(Boolean)),
  ];
  if (addresses.length === 0) return document;
  const keys = addresses.filter((address) => address?.length === 32) as string[];
  const ids = addresses.filter((address) => address && address.length < 32).map(Number);
  const rows = await db
    .select({ id: media.id, publicKey: media.publicKey, x: media.focalX, y: media.focalY })
    .from(media)
    .where(
      or(
        keys.length ? inArray(media.publicKey, keys) : undefined,
        ids.length ? inArray(media.id, ids) : undefined,
      ),
    );
  const points = new Map(
    rows.map((row) => [
      row.publicKey ?? String(row.id),
      row.x === null || row.y === null ? null : { x: row.x, y: row.y },
    ]),
  );
  const refresh = (images: ArticleImages): ArticleImages =>
    images.map((image) => {
      const address = MEDIA_ADDRESS.exec(image.href)?.[1];
      if (address === undefined || !points.has(address)) return image;
      const { focal_point: _stale, ...rest } = image;
      const point = points.get(address);
      return point ? { ...rest, focal_point: point } : rest;
    });
  return {
    ...document,
    images: refresh(document.images),
    sections: document.sections.map((section) => ({ ...section, images: refresh(section.images) })),
  };
}
