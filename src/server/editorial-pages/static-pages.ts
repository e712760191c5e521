import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { RevisionSummary } from '@/lib/contracts/admin';
import {
  type AdminStaticPage,
  STATIC_PAGE_NOT_FOUND_MESSAGE,
  STATIC_PAGE_PATHS,
  STATIC_PAGE_SLUGS,
  type StaticPageFields,
  type StaticPagePutBody,
  type StaticPageRevisionAnswer,
  type StaticPageSlug,
  type StaticPageView,
  staticPageSlugSchema,
} from '@/lib/contracts/static-pages';
import { tagsOfStaticPageChange } from '../content/cache-tags';
import { refreshReaders } from '../content/readers';
import { sanitizeNewsroomHtml } from '../content/sanitize';
import type { Db } from '../db/client';
import { staffMembers, staticPageRevisions, staticPages } from '../db/schema';
import { REVISION_NOT_FOUND_MESSAGE, revisionSummary } from '../editorial/revisions';
import { AppError } from '../http/errors';
import { recordPublicChange } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import { staticPageView } from './reader-pages';
import { STATIC_PAGE_DEFAULTS } from './static-page-defaults';

// The editorial pages in the newsroom (decision 024): a save replaces the page readers see and
// keeps a whole revision, in one transaction that is audited and announces a content change, so every instance
// refreshes its page cache and ISR pages at commit (on PGlite the process refreshes its own).

const STALE_PAGE_MESSAGE =
  'La page a été modifiée entre-temps par quelqu’un d’autre : rechargez-la avant d’enregistrer.';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The slug of a route, or a French 404. */
export function pageSlugOf(value: string): StaticPageSlug {
  const parsed = staticPageSlugSchema.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', STATIC_PAGE_NOT_FOUND_MESSAGE);
  return parsed.data;
}

function pageColumns() {
  return {
    slug: staticPages.slug,
    title: staticPages.title,
    lead: staticPages.lead,
    bodyHtml: staticPages.bodyHtml,
    updatedOn: staticPages.updatedOn,
    version: staticPages.version,
    updatedAt: staticPages.updatedAt,
    staffId: staffMembers.id,
    staffName: staffMembers.name,
  };
}

type PageRow = {
  slug: string;
  title: string;
  lead: string;
  bodyHtml: string;
  updatedOn: string | null;
  version: number;
  updatedAt: Date;
  staffId: number | null;
  staffName: string | null;
};

function answerOf(slug: StaticPageSlug, row: PageRow | undefined): AdminStaticPage {
  const fields = row ?? STATIC_PAGE_DEFAULTS[slug];
  return {
    slug,
    path: STATIC_PAGE_PATHS[slug],
    title: fields.title,
    lead: fields.lead,
    bodyHtml: fields.bodyHtml,
    updatedOn: fields.updatedOn,
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy:
      row?.staffId != null && row.staffName !== null ? { id: row.staffId, name: row.staffName } : null,
  };
}

async function readPages(db: Db | Tx, slug?: StaticPageSlug): Promise<PageRow[]> {
  return db
    .select(pageColumns())
    .from(staticPages)
    .leftJoin(staffMembers, eq(staffMembers.id, staticPages.updatedBy))
    .where(slug ? eq(staticPages.slug, slug) : undefined);
}

/** GET /api/admin/pages: the six pages, in the site's order, with their last change. */
export async function listStaticPages(
  db: Db,
): Promise<{ items: Omit<AdminStaticPage, 'lead' | 'bodyHtml'>[] }> {
  const rows = new Map((await readPages(db)).map((row) => [row.slug, row]));
  return {
    items: STATIC_PAGE_SLUGS.map((slug) => {
      const { lead: _lead, bodyHtml: _body, ...summary } = answerOf(slug, rows.get(slug));
      return summary;
    }),
  };
}

/** GET /api/admin/pages/{slug}. */
export async function getStaticPage(db: Db | Tx, slug: StaticPageSlug): Promise<AdminStaticPage> {
  const [row] = await readPages(db, slug);
  return answerOf(slug, row);
}

/** The fields as stored: the body sanitised for the newsroom (internal links kept as `flash:id:`). */
function storedFields(fields: StaticPageFields): StaticPageFields {
  return { ...fields, bodyHtml: sanitizeNewsroomHtml(fields.bodyHtml) };
}

/**
 * Writes a new version of the page from `version` (409 if the page has moved on since), with its revision and
 * audit entry, in the caller's transaction.
 */
async function writeVersion(
  tx: Tx,
  principal: StaffPrincipal,
  slug: StaticPageSlug,
  version: number,
  fields: StaticPageFields,
  action: 'update' | 'restore',
  details: Record<string, unknown>,
): Promise<void> {
  // One writer at a time per page: the row (or its absence) is locked by this advisory lock until commit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`static_page:${slug}`}))`);
  const [current] = await tx
    .select({ version: staticPages.version })
    .from(staticPages)
    .where(eq(staticPages.slug, slug))
    .limit(1);
  if ((current?.version ?? 0) !== version) throw new AppError('conflict', STALE_PAGE_MESSAGE);
  const next = version + 1;
  const values = {
    ...storedFields(fields),
    version: next,
    updatedBy: principal.staffId,
    updatedAt: new Date(),
  };
  if (current) await tx.update(staticPages).set(values).where(eq(staticPages.slug, slug));
  else await tx.insert(staticPages).values({ slug, ...values });
  await tx.insert(staticPageRevisions).values({
    slug,
    number: next,
    action: current ? action : 'create',
    title: values.title,
    lead: values.lead,
    bodyHtml: values.bodyHtml,
    updatedOn: values.updatedOn,
    createdBy: principal.staffId,
  });
  await recordPublicChange(
    tx,
    tagsOfStaticPageChange(slug),
    principal,
    action === 'restore' ? 'page.restore' : 'page.update',
    { type: 'page', id: slug },
    { version: next, ...details },
  );
}

/** PUT /api/admin/pages/{slug}: the page as readers will see it at their next request. */
export async function putStaticPage(
  db: Db,
  principal: StaffPrincipal,
  slug: StaticPageSlug,
  body: StaticPagePutBody,
): Promise<AdminStaticPage> {
  const { version, ...fields } = body;
  const answer = await db.transaction(async (tx) => {
    await writeVersion(tx, principal, slug, version, fields, 'update', {});
    return getStaticPage(tx, slug);
  });
  await refreshReaders(tagsOfStaticPageChange(slug));
  return answer;
}

/** POST /api/admin/pages/{slug}/preview: what readers would see with these fields (nothing saved). */
export function previewStaticPage(fields: StaticPageFields): StaticPageView {
  return staticPageView(storedFields(fields));
}

const revisionSummaryColumns = {
  number: staticPageRevisions.number,
  action: staticPageRevisions.action,
  createdAt: staticPageRevisions.createdAt,
  staffId: staffMembers.id,
  staffName: staffMembers.name,
  title: staticPageRevisions.title,
};

/** GET /api/admin/pages/{slug}/revisions: every save, newest first (none while the page has its original text). */
export async function listStaticPageRevisions(
  db: Db,
  slug: StaticPageSlug,
): Promise<{ items: RevisionSummary[] }> {
  const rows = await db
    .select(revisionSummaryColumns)
    .from(staticPageRevisions)
    .leftJoin(staffMembers, eq(staffMembers.id, staticPageRevisions.createdBy))
    .where(eq(staticPageRevisions.slug, slug))
    .orderBy(desc(staticPageRevisions.number));
  return { items: rows.map(revisionSummary) };
}

/** GET /api/admin/pages/{slug}/revisions/{rev}: one revision with the fields it saved. */
export async function getStaticPageRevision(
  db: Db | Tx,
  slug: StaticPageSlug,
  number: number,
): Promise<StaticPageRevisionAnswer> {
  const [row] = await db
    .select({
      ...revisionSummaryColumns,
      lead: staticPageRevisions.lead,
      bodyHtml: staticPageRevisions.bodyHtml,
      updatedOn: staticPageRevisions.updatedOn,
    })
    .from(staticPageRevisions)
    .leftJoin(staffMembers, eq(staffMembers.id, staticPageRevisions.createdBy))
    .where(and(eq(staticPageRevisions.slug, slug), eq(staticPageRevisions.number, number)))
    .limit(1);
  if (!row) throw new AppError('not_found', REVISION_NOT_FOUND_MESSAGE);
  return {
    ...revisionSummary(row),
    page: { title: row.title, lead: row.lead, bodyHtml: row.bodyHtml, updatedOn: row.updatedOn },
  };
}

/** POST /api/admin/pages/{slug}/revisions/{rev}/restore {version}: the revision becomes a new version. */
export async function restoreStaticPageRevision(
  db: Db,
  principal: StaffPrincipal,
  slug: StaticPageSlug,
  number: number,
  version: number,
): Promise<AdminStaticPage> {
  const answer = await db.transaction(async (tx) => {
    const { page } = await getStaticPageRevision(tx, slug, number);
    await writeVersion(tx, principal, slug, version, page, 'restore', { restored: number });
    return getStaticPage(tx, slug);
  });
  await refreshReaders(tagsOfStaticPageChange(slug));
  return answer;
}

/** The seed's rows: each page's original text as its version 1, by nobody ("Système"). */
export function seedStaticPageRows(): {
  pages: (typeof staticPages.$inferInsert)[];
  revisions: (typeof staticPageRevisions.$inferInsert)[];
} {
  const pages = STATIC_PAGE_SLUGS.map((slug) => ({
    slug,
    ...storedFields(STATIC_PAGE_DEFAULTS[slug]),
    version: 1,
  }));
  return {
    pages,
    revisions: pages.map(({ version: _version, ...page }) => ({ ...page, number: 1, action: 'create' })),
  };
}
