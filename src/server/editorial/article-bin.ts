import 'server-only';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  type AdminArticle,
  type ArticleDocument,
  type ArticleStatus,
  roleAllows,
} from '@/lib/contracts/admin';
import { ARTICLE_BIN_DAYS, ARTICLE_BIN_LIST_LIMIT, type ArticleBinAnswer } from '@/lib/contracts/article-bin';
import type { Db } from '../db/client';
import {
  articleBin,
  auditLog,
  newsroomArticles,
  newsroomRevisions,
  reviewNotes,
  staffMembers,
} from '../db/schema';
import { AppError } from '../http/errors';
import { defineJob } from '../jobs/definitions';
import { cancelJobs, enqueueJob } from '../jobs/queue';
import { type Actor, recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import {
  assertArticleIdsFree,
  assertCanEdit,
  assertVersion,
  getAdminArticle,
  isOwnArticle,
  listColumns,
  lockArticle,
  type Transaction,
} from './articles';

// The bin (« Corbeille »): a deleted draft leaves `newsroom_articles` with its revisions for `article_bin`, where
// its author or an editor can restore it for ARTICLE_BIN_DAYS days; then a job purges it. An article readers
// have seen is never deleted this way (it is unpublished, and its address answers 410).

const PURGE_JOB = 'editorial.bin-purge';
const DAY_MS = 86_400_000;

const PUBLISHED_MESSAGE =
  'Un article déjà publié ne se supprime pas : dépubliez-le, son adresse répondra alors qu’il n’existe plus.';
const SCHEDULED_MESSAGE =
  'Un article programmé ne se supprime pas : annulez d’abord sa programmation (« Dépublier »).';
const NOT_IN_BIN_MESSAGE = 'Ce brouillon n’est pas dans la corbeille.';
const RESTORE_FORBIDDEN_MESSAGE = 'Vous ne pouvez restaurer que vos propres brouillons.';

/** The system actor of purges (no one is signed in when they happen). */
const BIN_PURGE: Actor = { kind: 'system', name: 'corbeille' };

/** When a draft deleted at `deletedAt` is purged. */
function purgeDateOf(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + ARTICLE_BIN_DAYS * DAY_MS);
}

/**
 * DELETE /api/admin/articles/{id}: moves a draft (or an article in review) never published to the bin, with its
 * revisions, and queues its purge. Editors delete any; a journalist their own drafts (as they may edit them).
 */
export async function deleteDraft(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockArticle(tx, id);
    if (!roleAllows(principal.role, 'article.deleteAny')) await assertCanEdit(tx, principal, row);
    await assertVersion(tx, row, version);
    if (row.publishedVersion !== null) throw new AppError('conflict', PUBLISHED_MESSAGE);
    if (row.status === 'scheduled') throw new AppError('conflict', SCHEDULED_MESSAGE);
    const revisions = await tx
      .select()
      .from(newsroomRevisions)
      .where(eq(newsroomRevisions.articleId, id))
      .orderBy(asc(newsroomRevisions.number));
    const notes = await tx
      .select()
      .from(reviewNotes)
      .where(eq(reviewNotes.articleId, id))
      .orderBy(asc(reviewNotes.createdAt), asc(reviewNotes.id));
    // Milliseconds, as the purge job's payload carries it: the job purges this deletion and no later one.
    const deletedAt = new Date();
    await tx.insert(articleBin).values({
      articleId: id,
      title: row.title,
      status: row.status,
      version: row.version,
      document: row.document,
      revisions: revisions.map((revision) => ({
        number: revision.number,
        action: revision.action,
        document: revision.document,
        createdBy: revision.createdBy,
        createdAt: revision.createdAt.toISOString(),
      })),
      notes: notes.map((note) => ({
        authorId: note.authorId,
        text: note.text,
        createdAt: note.createdAt.toISOString(),
        seenByAuthorAt: note.seenByAuthorAt?.toISOString() ?? null,
      })),
      createdBy: row.createdBy,
      createdAt: row.createdAt,
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt,
      deletedBy: principal.staffId,
      deletedAt,
    });
    // The revisions and notes go with the row (on delete cascade).
    await tx.delete(newsroomArticles).where(eq(newsroomArticles.id, id));
    await enqueueJob(
      tx,
      binPurgeJob,
      { articleId: id, deletedAt: deletedAt.toISOString() },
      { runAt: purgeDateOf(deletedAt), dedupeKey: id },
    );
    await recordAudit(tx, principal, 'article.delete', { type: 'article', id }, { title: row.title });
  });
}

const creator = alias(staffMembers, 'creator');
const deleter = alias(staffMembers, 'deleter');

/** The drafts of the bin `principal` may restore: every one for an editor, their own for a journalist. */
function restorableBy(principal: StaffPrincipal): SQL | undefined {
  if (roleAllows(principal.role, 'article.deleteAny')) return undefined;
  if (principal.staffId !== null) return eq(articleBin.createdBy, principal.staffId);
  // An API key is no staff member: its drafts are those the audit log says it created.
  const apiKeyId = principal.actor.kind === 'api_key' ? principal.actor.apiKeyId : -1;
  return sql`exists (select 1 from ${auditLog} where ${auditLog.targetType} = 'article'
    and ${auditLog.targetId} = ${articleBin.articleId} and ${auditLog.action} = 'article.create'
    and ${auditLog.apiKeyId} = ${apiKeyId})`;
}

/** GET /api/admin/article-bin: the deleted drafts the caller may restore, newest deletion first. */
export async function listBin(db: Db, principal: StaffPrincipal): Promise<ArticleBinAnswer> {
  const where = restorableBy(principal);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: articleBin.articleId,
        title: articleBin.title,
        status: articleBin.status,
        version: articleBin.version,
        createdById: articleBin.createdBy,
        createdByName: creator.name,
        deletedById: articleBin.deletedBy,
        deletedByName: deleter.name,
        deletedAt: articleBin.deletedAt,
      })
      .from(articleBin)
      .leftJoin(creator, eq(creator.id, articleBin.createdBy))
      .leftJoin(deleter, eq(deleter.id, articleBin.deletedBy))
      .where(where)
      .orderBy(desc(articleBin.deletedAt))
      .limit(ARTICLE_BIN_LIST_LIMIT),
    db.select({ value: count() }).from(articleBin).where(where),
  ]);
  const ref = (id: number | null, name: string | null) =>
    id !== null && name !== null ? { id, name } : null;
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status as ArticleStatus,
      version: row.version,
      createdBy: ref(row.createdById, row.createdByName),
      deletedBy: ref(row.deletedById, row.deletedByName),
      deletedAt: row.deletedAt.toISOString(),
      purgeAt: purgeDateOf(row.deletedAt).toISOString(),
    })),
    total: total?.value ?? 0,
  };
}

/**
 * POST /api/admin/article-bin/{id}/restore: the draft comes back as it was deleted (status, version,
 * revisions, review notes). 404 when it is not in the bin, 403 for a journalist's other people's drafts, 409 when its id (or
 * enriched news id) was taken meanwhile.
 */
export async function restoreFromBin(db: Db, principal: StaffPrincipal, id: string): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    const [binned] = await tx.select().from(articleBin).where(eq(articleBin.articleId, id)).for('update');
    if (!binned) throw new AppError('not_found', NOT_IN_BIN_MESSAGE);
    if (
      !roleAllows(principal.role, 'article.deleteAny') &&
      !(await isOwnArticle(tx, principal, { id, createdBy: binned.createdBy }))
    ) {
      throw new AppError('forbidden', RESTORE_FORBIDDEN_MESSAGE);
    }
    const document = binned.document as ArticleDocument;
    await assertArticleIdsFree(tx, { id, enrichedNewsId: document.enriched_news_id ?? null });
    await tx.insert(newsroomArticles).values({
      id,
      status: binned.status,
      version: binned.version,
      document,
      ...listColumns(document),
      createdBy: binned.createdBy,
      createdAt: binned.createdAt,
      updatedBy: binned.updatedBy,
      updatedAt: binned.updatedAt,
    });
    if (binned.revisions.length > 0) {
      await tx.insert(newsroomRevisions).values(
        binned.revisions.map((revision) => ({
          articleId: id,
          number: revision.number,
          action: revision.action,
          document: revision.document,
          createdBy: revision.createdBy,
          createdAt: new Date(revision.createdAt),
        })),
      );
    }
    if (binned.notes.length > 0) {
      await tx.insert(reviewNotes).values(
        binned.notes.map((note) => ({
          articleId: id,
          authorId: note.authorId,
          text: note.text,
          createdAt: new Date(note.createdAt),
          seenByAuthorAt: note.seenByAuthorAt === null ? null : new Date(note.seenByAuthorAt),
        })),
      );
    }
    await tx.delete(articleBin).where(eq(articleBin.articleId, id));
    await cancelJobs(tx, { kind: PURGE_JOB, dedupeKey: id });
    await recordAudit(tx, principal, 'article.undelete', { type: 'article', id }, { title: binned.title });
    return getAdminArticle(tx, id);
  });
}

/** Purges one deletion of a draft: nothing when it was restored meanwhile (or deleted again, with its own job). */
async function purgeDeletion(db: Db, articleId: string, deletedAt: Date): Promise<void> {
  await db.transaction(async (tx: Transaction) => {
    const purged = await tx
      .delete(articleBin)
      .where(and(eq(articleBin.articleId, articleId), eq(articleBin.deletedAt, deletedAt)))
      .returning({ title: articleBin.title });
    if (purged[0]) {
      await recordAudit(
        tx,
        { actor: BIN_PURGE, address: 'server' },
        'article.purge',
        { type: 'article', id: articleId },
        { title: purged[0].title },
      );
    }
  });
}

/** The purge of a deleted draft, queued with its deletion and run ARTICLE_BIN_DAYS days later. */
const binPurgeJob = defineJob({
  kind: PURGE_JOB,
  payload: z.object({ articleId: z.string().min(1).max(200), deletedAt: z.iso.datetime() }),
  run: async ({ articleId, deletedAt }, { db }) => {
    await purgeDeletion(db, articleId, new Date(deletedAt));
  },
});
