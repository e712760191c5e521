import 'server-only';
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, arrayContains, asc, count, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type AdminArticle,
  type AdminArticleSummary,
  type ArticleConflictAnswer,
  type ArticleDocument,
  type ArticleListAnswer,
  type ArticleStatus,
  type articleCreateBody,
  articleDocumentSchema,
  articleListCountLimit,
  type articleListQuery,
  type articlePatchBody,
  type RevisionAction,
  roleAllows,
  type StaffRef,
} from '@/lib/contracts/admin';
import { slugify } from '@/lib/slug';
import { articlePath } from '@/lib/urls';
import { sanitizeNewsroomHtml } from '../content/sanitize';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { articles, auditLog, newsroomArticles, newsroomRevisions, staffMembers } from '../db/schema';
import { AppError } from '../http/errors';
import { recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import { parseValue, ResponseError } from '../staff/route';

export const ARTICLE_NOT_FOUND_MESSAGE = 'Article introuvable.';
const STALE_VERSION_MESSAGE =
  'Cet article a été modifié entre-temps : rechargez-le et reportez vos changements.';
const EDIT_FORBIDDEN_MESSAGE =
  'Vous ne pouvez modifier que vos propres brouillons jamais publiés et pas encore soumis.';

export type NewsroomRow = typeof newsroomArticles.$inferSelect;
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

const creator = alias(staffMembers, 'creator');
const updater = alias(staffMembers, 'updater');

function staffRef(id: number | null, name: string | null): StaffRef | null {
  return id !== null && name !== null ? { id, name } : null;
}

function pathOf(row: Pick<NewsroomRow, 'id' | 'type' | 'slug' | 'enrichedNewsId'>): string {
  return articlePath({ id: row.id, type: row.type, slug: row.slug, enrichedNewsId: row.enrichedNewsId });
}

function toAdminArticle(
  row: NewsroomRow,
  names: { createdBy: string | null; updatedBy: string | null },
): AdminArticle {
  return {
    id: row.id,
    status: row.status as ArticleStatus,
    version: row.version,
    publishedVersion: row.publishedVersion,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: staffRef(row.createdBy, names.createdBy),
    updatedBy: staffRef(row.updatedBy, names.updatedBy),
    path: pathOf(row),
    article: row.document as ArticleDocument,
  };
}

/** One article of the newsroom, or a 404. */
export async function getAdminArticle(db: Pick<Db, 'select'>, id: string): Promise<AdminArticle> {
  const [found] = await db
    .select({ row: newsroomArticles, createdBy: creator.name, updatedBy: updater.name })
    .from(newsroomArticles)
    .leftJoin(creator, eq(creator.id, newsroomArticles.createdBy))
    .leftJoin(updater, eq(updater.id, newsroomArticles.updatedBy))
    .where(eq(newsroomArticles.id, id))
    .limit(1);
  if (!found) throw new AppError('not_found', ARTICLE_NOT_FOUND_MESSAGE);
  return toAdminArticle(found.row, found);
}

/**
 * Each word of `text` found in a column stored normalised by search_normalize (accents and case ignored), LIKE
 * wildcards typed by the user escaped.
 */
function containsWords(normalizedColumn: AnyPgColumn, text: string): SQL {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 10);
  return and(
    ...words.map((word) => {
      const escaped = word.replace(/[\\%_]/g, (character) => `\\${character}`);
      return sql`${normalizedColumn} like '%' || search_normalize(${escaped}) || '%'`;
    }),
  ) as SQL;
}

/**
 * An agenda event's day, read from the document: the agenda's list sorts by it (a few thousand agenda articles at
 * most, filtered by type first) and shows it.
 */
const EVENT_DATE = sql`(${newsroomArticles.document} ->> 'event_date')`;

/**
 * The newsroom's list: filters, newest change first, paginated. Every filter has its index (migration
 * `00NN_newsroom`): the unfiltered list, status, type and creator by (column, updated_at), topics with GIN, title
 * and byline words with trigrams on their stored normalised copies (`00NN_newsroom-list`). The order must be the indexes' own, `updated_at desc nulls last, id`: a plain
 * `desc` (nulls first) does not match them, and PostgreSQL then sorted the whole table (3 s at 100,000 articles,
 * bench/results/newsroom-list-*).
 */
export async function listAdminArticles(
  db: Db,
  query: z.output<typeof articleListQuery>,
): Promise<ArticleListAnswer> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(newsroomArticles.status, query.status));
  if (query.type) conditions.push(eq(newsroomArticles.type, query.type));
  if (query.topic) conditions.push(arrayContains(newsroomArticles.topicIds, [query.topic]));
  if (query.createdBy) conditions.push(eq(newsroomArticles.createdBy, query.createdBy));
  if (query.author) {
    conditions.push(containsWords(newsroomArticles.authorSearch, query.author));
  }
  if (query.q) {
    conditions.push(
      sql`(${newsroomArticles.id} = ${query.q} or ${containsWords(newsroomArticles.titleSearch, query.q)})`,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const countLimit = articleListCountLimit(query.page, query.perPage);
  const [rows, [total], creators] = await Promise.all([
    // The page's rows alone: with the staff names joined here, the join ran for every row the offset skips (10,000
    // on page 400: 60 to 390 ms of PGlite's 70 to 400 ms, by plan); taking the page's ids first in a subquery made
    // it an index-only scan with a heap fetch per entry, twice slower here than this plain index scan.
    db
      .select({
        id: newsroomArticles.id,
        title: newsroomArticles.title,
        type: newsroomArticles.type,
        slug: newsroomArticles.slug,
        enrichedNewsId: newsroomArticles.enrichedNewsId,
        status: newsroomArticles.status,
        version: newsroomArticles.version,
        publishedVersion: newsroomArticles.publishedVersion,
        author: newsroomArticles.author,
        publicationDate: newsroomArticles.publicationDate,
        scheduledAt: newsroomArticles.scheduledAt,
        updatedAt: newsroomArticles.updatedAt,
        createdById: newsroomArticles.createdBy,
        updatedById: newsroomArticles.updatedBy,
      })
      .from(newsroomArticles)
      .where(where)
      .orderBy(
        ...(query.sort === 'evenement' ? [sql`${EVENT_DATE} desc nulls last`] : []),
        sql`${newsroomArticles.updatedAt} desc nulls last`,
        asc(newsroomArticles.id),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    // Counted up to a bound that follows the page (articleListCountLimit): counting every match read the whole
    // table at each page, and counting 10,001 matches of a topic at each page took PGlite 250 ms.
    db.select({ value: count() }).from(
      db
        .select({ id: newsroomArticles.id })
        .from(newsroomArticles)
        .where(where)
        .limit(countLimit + 1)
        .as('bounded'),
    ),
    // Every staff member, for the "Créés par" filter (a few dozen names at most).
    db
      .select({ id: staffMembers.id, name: staffMembers.name })
      .from(staffMembers)
      .orderBy(asc(staffMembers.name), asc(staffMembers.id)),
  ]);
  const totalCount = Math.min(total?.value ?? 0, countLimit);
  const totalIsLowerBound = (total?.value ?? 0) > countLimit;
  // Topic labels and staff names of the page's rows only, in a second query: the query above never opens a
  // document (computing the labels there made every matching row's document be read before the sort).
  const details = new Map(
    rows.length === 0
      ? []
      : (
          await db
            .select({
              id: newsroomArticles.id,
              topics: sql<
                string[]
              >`coalesce(jsonb_path_query_array(${newsroomArticles.document}, '$.topics[*].label'), '[]'::jsonb)`,
              createdByName: creator.name,
              updatedByName: updater.name,
              eventDate: sql<string | null>`${EVENT_DATE}`,
            })
            .from(newsroomArticles)
            .leftJoin(creator, eq(creator.id, newsroomArticles.createdBy))
            .leftJoin(updater, eq(updater.id, newsroomArticles.updatedBy))
            .where(
              inArray(
                newsroomArticles.id,
                rows.map((row) => row.id),
              ),
            )
        ).map((row) => [row.id, row]),
  );
  return {
    items: rows.map(
      (row): AdminArticleSummary => ({
        id: row.id,
        title: row.title,
        type: row.type,
        status: row.status as ArticleStatus,
        version: row.version,
        publishedVersion: row.publishedVersion,
        author: row.author,
        topics: details.get(row.id)?.topics ?? [],
        publicationDate: row.publicationDate?.toISOString() ?? null,
        scheduledAt: row.scheduledAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
        createdBy: staffRef(row.createdById, details.get(row.id)?.createdByName ?? null),
        updatedBy: staffRef(row.updatedById, details.get(row.id)?.updatedByName ?? null),
        path: pathOf(row),
        eventDate: details.get(row.id)?.eventDate ?? null,
      }),
    ),
    total: totalCount,
    totalIsLowerBound,
    creators,
    page: query.page,
    perPage: query.perPage,
    pageCount: Math.ceil(totalCount / query.perPage),
  };
}

/**
 * A document as the newsroom stores it: checked against the import's schema (French field errors) and its body
 * HTML sanitised, internal `flash:id:` links kept.
 */
function normalizeDocument(value: unknown): ArticleDocument {
  const document = parseValue(value, articleDocumentSchema);
  return {
    ...document,
    view: sanitizeNewsroomHtml(document.view),
    sections: document.sections.map((section) => ({ ...section, view: sanitizeNewsroomHtml(section.view) })),
  };
}

/** The list columns copied out of a document. */
export function listColumns(document: ArticleDocument) {
  return {
    type: document.type,
    title: document.title,
    slug: document.slug ?? slugify(document.title),
    enrichedNewsId: document.enriched_news_id ?? null,
    author: document.author ?? null,
    topicIds: [...new Set([...document.topics, ...document.thematics].map((tag) => tag.id))],
    publicationDate: new Date(document.publication_date),
  };
}

/** A new article id: "R" and 12 random base-36 characters (letters and digits, as article ids are). */
function newArticleId(): string {
  const bytes = randomBytes(12);
  return `R${Array.from(bytes, (byte) => (byte % 36).toString(36)).join('')}`.toUpperCase();
}

/** Creates a draft (version 1) from the import's shape; `id` and `publication_date` are optional. */
export async function createArticle(
  db: Db,
  principal: StaffPrincipal,
  body: z.output<typeof articleCreateBody>,
): Promise<AdminArticle> {
  const id = body.id ?? newArticleId();
  const document = normalizeDocument({
    ...body,
    id,
    publication_date: body.publication_date ?? new Date().toISOString(),
  });
  return db.transaction(async (tx) => {
    await assertArticleIdsFree(tx, { id, enrichedNewsId: document.enriched_news_id ?? null });
    const [row] = await tx
      .insert(newsroomArticles)
      .values({
        id,
        status: 'draft',
        version: 1,
        document,
        ...listColumns(document),
        createdBy: principal.staffId,
        updatedBy: principal.staffId,
      })
      .returning();
    const created = row as NewsroomRow;
    await writeRevision(tx, created, 'create', principal);
    await recordAudit(tx, principal, 'article.create', { type: 'article', id }, { title: document.title });
    return getAdminArticle(tx, id);
  });
}

export const ARTICLE_ID_TAKEN_MESSAGE = 'Un article existe déjà avec cet identifiant.';
export const ENRICHED_ID_TAKEN_MESSAGE =
  'Un autre article utilise déjà cet identifiant d’actualité enrichie.';

/** True when another article (newsroom or public copy) has `value` as its id or its enriched news id. */
async function usedByAnotherArticle(tx: Transaction, value: string, selfId: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from ${newsroomArticles}
      where ${newsroomArticles.id} <> ${selfId}
        and (${newsroomArticles.id} = ${value} or ${newsroomArticles.enrichedNewsId} = ${value})
    union all
    select 1 from ${articles}
      where ${articles.id} <> ${selfId} and (${articles.id} = ${value} or ${articles.enrichedNewsId} = ${value})
    limit 1`,
  );
  return rows.length > 0;
}

/**
 * Refuses (409) an article id or enriched news id that another article already answers to: both appear in
 * article addresses, so taking one would take over that article's address (and make it answer 410 once
 * withdrawn).
 */
export async function assertArticleIdsFree(
  tx: Transaction,
  article: { id: string; enrichedNewsId: string | null },
  options: { existing?: boolean } = {},
): Promise<void> {
  // An existing article's own rows (its newsroom row and public copy) are not "another article".
  const selfId = options.existing ? article.id : '';
  if (await usedByAnotherArticle(tx, article.id, selfId)) {
    throw new AppError('conflict', ARTICLE_ID_TAKEN_MESSAGE, [
      { field: 'id', message: ARTICLE_ID_TAKEN_MESSAGE },
    ]);
  }
  if (article.enrichedNewsId && (await usedByAnotherArticle(tx, article.enrichedNewsId, selfId))) {
    throw new AppError('conflict', ENRICHED_ID_TAKEN_MESSAGE, [
      { field: 'enriched_news_id', message: ENRICHED_ID_TAKEN_MESSAGE },
    ]);
  }
}

/** The newsroom row of an article, locked for the rest of the transaction, or a 404. */
export async function lockArticle(tx: Transaction, id: string): Promise<NewsroomRow> {
  const [row] = await tx.select().from(newsroomArticles).where(eq(newsroomArticles.id, id)).for('update');
  if (!row) throw new AppError('not_found', ARTICLE_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * Whether the caller may change this article's content: editors and administrators any, a `redacteur` only
 * their own drafts never published and not submitted.
 */
export async function assertCanEdit(
  tx: Transaction,
  principal: StaffPrincipal,
  row: NewsroomRow,
): Promise<void> {
  if (roleAllows(principal.role, 'article.editAny')) return;
  if (row.status === 'draft' && row.publishedVersion === null && (await isOwnArticle(tx, principal, row)))
    return;
  throw new AppError('forbidden', EDIT_FORBIDDEN_MESSAGE);
}

/**
 * Whether the caller created the article: a staff member by its `createdBy`; an API key, which is no staff
 * member, by the audit log's record of the creation (append-only, so it cannot be claimed after the fact).
 */
export async function isOwnArticle(
  tx: Transaction,
  principal: StaffPrincipal,
  row: Pick<NewsroomRow, 'id' | 'createdBy'>,
): Promise<boolean> {
  if (principal.staffId !== null) return row.createdBy === principal.staffId;
  if (principal.actor.kind !== 'api_key') return false;
  const [created] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'article'),
        eq(auditLog.targetId, row.id),
        eq(auditLog.action, 'article.create'),
        eq(auditLog.apiKeyId, principal.actor.apiKeyId),
      ),
    )
    .limit(1);
  return created !== undefined;
}

/**
 * The 409 of a stale version: the article as it now is, which top-level fields changed since the caller's
 * version, and who saved the versions the caller has not seen.
 */
export async function assertVersion(tx: Transaction, row: NewsroomRow, version: number): Promise<void> {
  if (version === row.version) return;
  const [seen] = await tx
    .select({ document: newsroomRevisions.document })
    .from(newsroomRevisions)
    .where(and(eq(newsroomRevisions.articleId, row.id), eq(newsroomRevisions.number, version)))
    .limit(1);
  const authors = await tx
    .selectDistinct({ id: staffMembers.id, name: staffMembers.name })
    .from(newsroomRevisions)
    .innerJoin(staffMembers, eq(staffMembers.id, newsroomRevisions.createdBy))
    .where(and(eq(newsroomRevisions.articleId, row.id), gt(newsroomRevisions.number, version)));
  const current = await getAdminArticle(tx, row.id);
  const before = (seen?.document ?? {}) as Record<string, unknown>;
  const after = row.document as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const answer: ArticleConflictAnswer = {
    error: { code: 'conflict', message: STALE_VERSION_MESSAGE },
    current,
    changedFields: seen ? fields.filter((field) => !isDeepStrictEqual(before[field], after[field])) : [],
    changedBy: authors,
  };
  throw new ResponseError(Response.json(answer, { status: 409 }));
}

/**
 * Keeps a revision of the row as it now is (`number` = its version). An article adopted from the import has no
 * revision of its version 1 until its first change: that one writes it first, so every version can be compared.
 */
async function writeRevision(
  tx: Transaction,
  row: NewsroomRow,
  action: RevisionAction,
  principal: StaffPrincipal | null,
): Promise<void> {
  await tx
    .insert(newsroomRevisions)
    .values({
      articleId: row.id,
      number: row.version,
      action,
      document: row.document,
      createdBy: principal?.staffId ?? null,
    })
    .onConflictDoNothing();
}

async function keepAdoptedRevision(tx: Transaction, row: NewsroomRow): Promise<void> {
  await tx
    .insert(newsroomRevisions)
    .values({
      articleId: row.id,
      number: row.version,
      action: 'import',
      document: row.document,
      createdBy: row.updatedBy,
      createdAt: row.updatedAt,
    })
    .onConflictDoNothing();
}

/**
 * Saves a new version of an article: its new document and state, a revision, within the caller's transaction.
 * The caller has locked the row and checked the version and permissions.
 */
export async function saveVersion(
  tx: Transaction,
  row: NewsroomRow,
  changes: Partial<Omit<NewsroomRow, 'id' | 'version' | 'createdAt' | 'createdBy'>> & {
    document?: ArticleDocument;
  },
  action: RevisionAction,
  principal: StaffPrincipal | null,
): Promise<NewsroomRow> {
  await keepAdoptedRevision(tx, row);
  const document = changes.document ?? (row.document as ArticleDocument);
  const [saved] = await tx
    .update(newsroomArticles)
    .set({
      ...changes,
      ...(changes.document ? listColumns(document) : {}),
      version: row.version + 1,
      updatedAt: new Date(),
      updatedBy: principal?.staffId ?? null,
    })
    .where(eq(newsroomArticles.id, row.id))
    .returning();
  const next = saved as NewsroomRow;
  await writeRevision(tx, next, action, principal);
  return next;
}

/** PATCH: applies the fields to change on top of the version the caller edited. */
export async function patchArticle(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  body: z.output<typeof articlePatchBody>,
): Promise<AdminArticle> {
  const { version, ...changes } = body;
  return db.transaction(async (tx) => {
    const row = await lockArticle(tx, id);
    await assertCanEdit(tx, principal, row);
    await assertVersion(tx, row, version);
    const current = row.document as ArticleDocument;
    const document = normalizeDocument({ ...current, ...changes, id });
    if (isDeepStrictEqual(document, current)) return getAdminArticle(tx, id);
    // An article readers have seen keeps its address; a draft's follows its title until then.
    if (changes.slug === undefined && row.publishedVersion === null && document.title !== current.title) {
      document.slug = slugify(document.title);
    }
    if ((document.enriched_news_id ?? null) !== (current.enriched_news_id ?? null)) {
      await assertArticleIdsFree(
        tx,
        { id, enrichedNewsId: document.enriched_news_id ?? null },
        { existing: true },
      );
    }
    await saveVersion(tx, row, { document }, 'update', principal);
    await recordAudit(
      tx,
      principal,
      'article.update',
      { type: 'article', id },
      {
        version: row.version + 1,
        fields: Object.keys(changes).filter((field) => {
          const key = field as keyof ArticleDocument;
          return !isDeepStrictEqual(document[key], current[key]);
        }),
      },
    );
    return getAdminArticle(tx, id);
  });
}
