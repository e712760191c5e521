import 'server-only';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminArticle, ArticleDocument, articlePublishBody } from '@/lib/contracts/admin';
import { slugify } from '@/lib/slug';
import { recordArticleUpdate } from '../article-updates/notes';
import { articleFactsOf, tagsOfPublicArticles } from '../content/article-change-tags';
import { toArticleRows } from '../content/article-input';
import { tagsOfArticleChange, tagsOfArticleWithdrawal } from '../content/cache-tags';
import { announceContentChange, requestOwnRevalidation } from '../content/content-changes';
import {
  deletePublicArticle,
  describeRefusal,
  releasePublicArticles,
  writePublicArticle,
} from '../content/public-articles';
import { type Db, getDatabase } from '../db/client';
import { newsroomArticles, newsroomRevisions } from '../db/schema';
import { env } from '../env';
import { AppError } from '../http/errors';
import { defineJob } from '../jobs/definitions';
import { cancelJobs, enqueueJob } from '../jobs/queue';
import { logger } from '../log';
import { noteDeadlineDate } from '../personal-agenda/reminders';
import { notifyReviewers } from '../review/notes';
import { type Actor, recordAudit, recordPublicChange } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import {
  assertArticleIdsFree,
  assertCanEdit,
  assertVersion,
  getAdminArticle,
  lockArticle,
  type NewsroomRow,
  saveVersion,
  type Transaction,
} from './articles';
import { refreshGoneArticles } from './gone';
import { withCurrentFocalPoints } from './media-library';

// The workflow: submit for review, publish now or at a time, unpublish, restore a revision. Publishing writes
// the public copy (`articles`) as the import does and announces the change in the same transaction, so every
// instance refreshes its caches once it is committed (content-changes.ts).

const WRONG_STATUS_MESSAGE = 'Cette action ne s’applique pas à un article dans cet état.';
const MISSING_ALT_MESSAGE = 'texte alternatif obligatoire avant publication';

/** A publication time this close to now (or earlier) is "now"; later, the article is scheduled. */
const SCHEDULE_THRESHOLD_MS = 1_000;

/** The system actor of scheduled publications (no one is signed in when they happen). */
const SCHEDULER: Actor = { kind: 'system', name: 'publication programmée' };

function wrongStatus(): AppError {
  return new AppError('conflict', WRONG_STATUS_MESSAGE);
}

/** What every instance must see after a change of the public copy touching `tags`, once committed. */
async function afterPublicChange(db: Pick<Db, 'execute'>, tags: readonly string[]): Promise<void> {
  await refreshGoneArticles(db);
  // On PostgreSQL the NOTIFY reaches every instance, this one included; PGlite has no listener.
  const database = await getDatabase();
  if (database.driver === 'pglite') await requestOwnRevalidation(env().PORT, tags);
}

/** POST …/submit: a draft goes to review. Its author (or an editor) submits it. */
export async function submitArticle(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  version: number,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    const row = await lockArticle(tx, id);
    await assertCanEdit(tx, principal, row);
    await assertVersion(tx, row, version);
    if (row.status !== 'draft') throw wrongStatus();
    await saveVersion(tx, row, { status: 'in_review' }, 'submit', principal);
    await recordAudit(tx, principal, 'article.submit', { type: 'article', id });
    await notifyReviewers(tx, principal, row);
    return getAdminArticle(tx, id);
  });
}

/** Every image of the article and its sections needs an alt text before readers see it (400 naming each). */
function assertAltTexts(document: ArticleDocument): void {
  const missing: { field: string; message: string }[] = [];
  document.images.forEach((image, index) => {
    if (!image.alt?.trim()) missing.push({ field: `images[${index}].alt`, message: MISSING_ALT_MESSAGE });
  });
  document.sections.forEach((section, sectionIndex) => {
    section.images.forEach((image, index) => {
      if (!image.alt?.trim()) {
        missing.push({
          field: `sections[${sectionIndex}].images[${index}].alt`,
          message: MISSING_ALT_MESSAGE,
        });
      }
    });
  });
  if (missing.length > 0) {
    throw new AppError(
      'bad_request',
      'Chaque image doit avoir un texte alternatif avant publication.',
      missing,
    );
  }
}

/**
 * Writes the row's document as the public copy and marks it published: a first publication takes `publishedAt`
 * as its date; a later one keeps its date and, with `markUpdated`, gets "mis à jour le" now. Answers the tags of
 * the change (its old copy's and its new one's).
 */
async function goLive(
  tx: Transaction,
  row: NewsroomRow,
  options: { publishedAt: Date; markUpdated: boolean; updateNote?: string | undefined },
  principal: StaffPrincipal | null,
  actor: Actor,
  address: string,
): Promise<string[]> {
  const current = row.document as ArticleDocument;
  const firstPublication = row.publishedVersion === null;
  const document: ArticleDocument = {
    ...current,
    // The address readers get is fixed at the first publication.
    slug: current.slug ?? slugify(current.title),
    publication_date: firstPublication ? options.publishedAt.toISOString() : current.publication_date,
    update_date: options.markUpdated && !firstPublication ? new Date().toISOString() : current.update_date,
  };
  await assertArticleIdsFree(
    tx,
    { id: row.id, enrichedNewsId: document.enriched_news_id ?? null },
    { existing: true },
  );
  const rows = toArticleRows(await withCurrentFocalPoints(tx as unknown as Db, document));
  const tags = [
    ...new Set([
      ...(await tagsOfPublicArticles(tx, [row.id])),
      ...tagsOfArticleChange(articleFactsOf(rows.article)),
    ]),
  ];
  await tx.execute(sql`savepoint newsroom_publish`);
  try {
    // A deadline whose date moves is told to the readers it concerns (the personal agenda).
    await noteDeadlineDate(tx as unknown as Db, rows.article);
    await releasePublicArticles(tx, [row.id]);
    await writePublicArticle(tx, rows);
  } catch (error) {
    const reason = describeRefusal(error, rows);
    if (reason === null) throw error;
    await tx.execute(sql`rollback to savepoint newsroom_publish`);
    throw new AppError('conflict', `Publication impossible : ${reason}.`);
  }
  const saved = await saveVersion(
    tx,
    row,
    { document, status: 'published', scheduledAt: null, publishedVersion: row.version + 1 },
    'publish',
    principal,
  );
  if (options.markUpdated && options.updateNote && document.update_date && row.publishedVersion !== null) {
    // "Ce qui a changé": the note and the two published versions a reader may compare.
    await recordArticleUpdate(tx as unknown as Db, {
      articleId: row.id,
      note: options.updateNote,
      updatedAt: new Date(document.update_date),
      fromRevision: row.publishedVersion,
      toRevision: saved.version,
    });
  }
  await recordPublicChange(
    tx,
    tags,
    { actor, address },
    'article.publish',
    { type: 'article', id: row.id },
    { version: saved.version, firstPublication, markUpdated: options.markUpdated },
  );
  return tags;
}

/**
 * POST …/publish `{version, at?, markUpdated?}`: `at` in the future schedules the article; absent, now or past
 * publishes it at once (a past `at` dates a first publication).
 */
export async function publishArticle(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  body: z.output<typeof articlePublishBody>,
): Promise<AdminArticle> {
  const now = Date.now();
  const at = body.at ? new Date(body.at) : null;
  const scheduled = at !== null && at.getTime() > now + SCHEDULE_THRESHOLD_MS;
  let tags: string[] = [];
  const answer = await db.transaction(async (tx) => {
    const row = await lockArticle(tx, id);
    await assertVersion(tx, row, body.version);
    assertAltTexts(row.document as ArticleDocument);
    if (scheduled) {
      // A new time replaces the old one's job; the job of a time passed meanwhile finds nothing due.
      if (row.scheduledAt)
        await cancelJobs(tx, { kind: PUBLISH_JOB, dedupeKey: scheduleKey(id, row.scheduledAt) });
      await enqueueJob(
        tx,
        publishScheduledJob,
        { articleId: id },
        { runAt: at, dedupeKey: scheduleKey(id, at) },
      );
      await saveVersion(tx, row, { status: 'scheduled', scheduledAt: at }, 'schedule', principal);
      await recordAudit(tx, principal, 'article.schedule', { type: 'article', id }, { at: at.toISOString() });
    } else {
      tags = await goLive(
        tx,
        row,
        { publishedAt: at ?? new Date(now), markUpdated: body.markUpdated, updateNote: body.updateNote },
        principal,
        principal.actor,
        principal.address,
      );
    }
    return getAdminArticle(tx, id);
  });
  if (!scheduled) await afterPublicChange(db, tags);
  return answer;
}

/**
 * Publishes the scheduled articles whose time has come, each exactly once: the row is claimed with
 * FOR UPDATE SKIP LOCKED and published only if still scheduled, so two runners (two instances, a restart in
 * the middle) never publish it twice. Answers the ids published.
 */
export async function publishDueArticles(
  db: Db,
  options: { now?: Date; articleId?: string } = {},
): Promise<string[]> {
  // The database's clock by default: the job runner's "due" is the database's too, whatever the instance's clock.
  const now = options.now ?? sql`now()`;
  const published: string[] = [];
  const tags = new Set<string>();
  for (;;) {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(newsroomArticles)
        .where(
          and(
            eq(newsroomArticles.status, 'scheduled'),
            lte(newsroomArticles.scheduledAt, now),
            options.articleId === undefined ? undefined : eq(newsroomArticles.id, options.articleId),
          ),
        )
        .orderBy(asc(newsroomArticles.scheduledAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      try {
        const changed = await goLive(
          tx,
          row,
          { publishedAt: row.scheduledAt ?? new Date(), markUpdated: false },
          null,
          SCHEDULER,
          'server',
        );
        for (const tag of changed) tags.add(tag);
      } catch (error) {
        // A scheduled article that cannot go live (an id taken meanwhile) goes back to review with the reason
        // in the audit log, rather than blocking the articles scheduled after it.
        if (!(error instanceof AppError)) throw error;
        logger.warn({ articleId: row.id, reason: error.message }, 'publication programmée impossible');
        await saveVersion(tx, row, { status: 'in_review', scheduledAt: null }, 'update', null);
        await recordAudit(
          tx,
          { actor: SCHEDULER, address: 'server' },
          'article.update',
          { type: 'article', id: row.id },
          { scheduledPublicationFailed: error.message },
        );
      }
      return row.id;
    });
    if (id === null) break;
    published.push(id);
  }
  if (published.length > 0) await afterPublicChange(db, [...tags]);
  return published;
}

const PUBLISH_JOB = 'newsroom.publish-scheduled';

/** One job per article and time: rescheduling cancels the old time's job and queues the new one. */
function scheduleKey(articleId: string, at: Date): string {
  return `${articleId}@${at.toISOString()}`;
}

/**
 * The job of a scheduled publication, queued with the schedule in the same transaction and run by the job
 * runner at that time (on any instance, after a restart too). Publishing is idempotent: the row is claimed and
 * published only while still scheduled and due, so a job run twice (an instance dying after the work) does not
 * publish twice, and a job whose article was rescheduled, published or unpublished meanwhile does nothing.
 */
export const publishScheduledJob = defineJob({
  kind: PUBLISH_JOB,
  payload: z.object({ articleId: z.string().min(1).max(100) }),
  maxAttempts: 20,
  run: async ({ articleId }, { db }) => {
    await publishDueArticles(db, { articleId });
  },
});

/**
 * POST …/unpublish: readers lose the article (its address answers 410). A scheduled article that was never
 * published goes back to draft instead.
 */
export async function unpublishArticle(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  version: number,
): Promise<AdminArticle> {
  let tags: string[] = [];
  const answer = await db.transaction(async (tx) => {
    const row = await lockArticle(tx, id);
    await assertVersion(tx, row, version);
    const live = row.publishedVersion !== null && (row.status === 'published' || row.status === 'scheduled');
    if (!live && row.status !== 'scheduled') throw wrongStatus();
    if (live) {
      tags = tagsOfArticleWithdrawal(await tagsOfPublicArticles(tx, [id]));
      await deletePublicArticle(tx, id);
      await announceContentChange(tx, tags);
    }
    if (row.scheduledAt)
      await cancelJobs(tx, { kind: PUBLISH_JOB, dedupeKey: scheduleKey(id, row.scheduledAt) });
    await saveVersion(
      tx,
      row,
      { status: live ? 'unpublished' : 'draft', scheduledAt: null },
      'unpublish',
      principal,
    );
    await recordAudit(tx, principal, 'article.unpublish', { type: 'article', id }, { wasLive: live });
    return getAdminArticle(tx, id);
  });
  await afterPublicChange(db, tags);
  return answer;
}

/**
 * POST …/revisions/{rev}/restore: the revision's document becomes a new version (itself a revision). Readers
 * see it once it is published again.
 */
export async function restoreRevision(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  number: number,
  version: number,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    const row = await lockArticle(tx, id);
    await assertVersion(tx, row, version);
    const [revision] = await tx
      .select({ document: newsroomRevisions.document })
      .from(newsroomRevisions)
      .where(and(eq(newsroomRevisions.articleId, id), eq(newsroomRevisions.number, number)))
      .limit(1);
    if (!revision) throw new AppError('not_found', 'Révision introuvable.');
    await saveVersion(tx, row, { document: revision.document as ArticleDocument }, 'restore', principal);
    await recordAudit(
      tx,
      principal,
      'article.restore',
      { type: 'article', id },
      { revision: number, version: row.version + 1 },
    );
    return getAdminArticle(tx, id);
  });
}
