import 'server-only';
import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminIssue, IssueListAnswer, IssueNewsItem, IssuePutBody } from '@/lib/contracts/issues';
import { parisIsoDay } from '@/lib/dates';
import { DAILY_NAME } from '@/lib/site';
import { articlePath } from '@/lib/urls';
import { articleLinkColumns } from '../content/article-summary';
import { ISSUE_CHANGE } from '../content/cache-tags';
import { announceContentChange } from '../content/content-changes';
import { refreshReaders } from '../content/readers';
import type { Db } from '../db/client';
import { articles, dailyIssueArticles, dailyIssues } from '../db/schema';
import { env } from '../env';
import { AppError } from '../http/errors';
import { defineJob } from '../jobs/definitions';
import { cancelJobs, enqueueJob } from '../jobs/queue';
import { nextDailySend } from '../newsletter/campaigns';
import { type Actor, recordAudit, recordPublicChange } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';

// The daily issue in the newsroom: composed as a draft, published now or at a time by a job.
// Publishing announces a content change in its transaction, so every instance refreshes the home page and
// `/api/issue` once it is committed (content-changes.ts).

const ALREADY_PUBLISHED_MESSAGE = 'Ce numéro est déjà publié : il ne peut plus être programmé.';
const UNKNOWN_ARTICLE_MESSAGE = 'article inconnu ou non publié';

const PUBLISH_JOB = 'issue.publish';
const PREPARE_JOB = 'issue.prepare-draft';
const SCHEDULER: Actor = { kind: 'system', name: 'publication programmée' };
const PREPARER: Actor = { kind: 'system', name: 'préparation automatique' };
/** A publication time this close to now (or earlier) is "now". */
const NOW_THRESHOLD_MS = 1_000;

type IssueRow = typeof dailyIssues.$inferSelect;

const issueNameFormat = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "La Quotidienne du vendredi 20 novembre 2026" (the seeded issues' form). */
function defaultIssueName(day: string): string {
  return `${DAILY_NAME} du ${issueNameFormat.format(new Date(`${day}T12:00:00Z`)).replace(/ 1 /, ' 1er ')}`;
}

/** The next Monday-to-Friday day after `day` (public holidays are the editors' call). */
function nextWorkingDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}

function issueKey(day: string): string {
  return `issue:${day}`;
}

async function newsOf(db: Db, ids: string[]): Promise<IssueNewsItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ...articleLinkColumns,
      title: articles.title,
      publicationDate: articles.publicationDate,
    })
    .from(articles)
    .where(inArray(articles.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id: row.id,
            title: row.title,
            type: row.type,
            publicationDate: row.publicationDate?.toISOString() ?? null,
            path: articlePath(row),
          },
        ]
      : [];
  });
}

async function newsIdsOf(db: Db, issueId: number): Promise<string[]> {
  const rows = await db
    .select({ id: dailyIssueArticles.articleId })
    .from(dailyIssueArticles)
    .where(eq(dailyIssueArticles.issueId, issueId))
    .orderBy(asc(dailyIssueArticles.position));
  return rows.map((row) => row.id);
}

async function toAdminIssue(db: Db, row: IssueRow): Promise<AdminIssue> {
  return {
    date: row.publicationDate,
    status: row.status as AdminIssue['status'],
    issueName: row.issueName,
    comiteRedaction: row.comiteRedaction,
    redacteurChef: row.redacteurChef,
    news: await newsOf(db, await newsIdsOf(db, row.id)),
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The proposal for a day without an issue: the articles published since the last published issue before it
 * (newest first, at most 40), its credits, and the day's name. Nothing is saved until a PUT.
 */
async function proposeIssue(db: Db, day: string): Promise<AdminIssue> {
  const [last] = await db
    .select()
    .from(dailyIssues)
    .where(and(lt(dailyIssues.publicationDate, day), eq(dailyIssues.status, 'published')))
    .orderBy(desc(dailyIssues.publicationDate))
    .limit(1);
  const since = last?.publishedAt ?? (last ? new Date(`${last.publicationDate}T00:00:00Z`) : null);
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        since ? gt(articles.publicationDate, since) : undefined,
        lte(articles.publicationDate, sql`now()`),
        inArray(articles.type, [
          'actualite',
          'chiffres-taux',
          'videos',
          'podcast',
          'infographie',
          'timeline',
        ]),
      ),
    )
    .orderBy(desc(articles.publicationDate))
    .limit(40);
  return {
    date: day,
    status: 'new',
    issueName: defaultIssueName(day),
    comiteRedaction: last?.comiteRedaction ?? '',
    redacteurChef: last?.redacteurChef ?? '',
    news: await newsOf(
      db,
      rows.map((row) => row.id),
    ),
    publishAt: null,
    publishedAt: null,
    updatedAt: null,
  };
}

/** GET /api/admin/issues/{date}: the issue of that day, or a proposal when none is composed yet. */
export async function getAdminIssue(db: Db, day: string): Promise<AdminIssue> {
  const [row] = await db.select().from(dailyIssues).where(eq(dailyIssues.publicationDate, day));
  return row ? toAdminIssue(db, row) : proposeIssue(db, day);
}

/** GET /api/admin/issues: the latest 60 issues, and the day the next one is for. */
export async function listIssues(db: Db): Promise<IssueListAnswer> {
  const rows = await db
    .select({
      date: dailyIssues.publicationDate,
      status: dailyIssues.status,
      issueName: dailyIssues.issueName,
      publishAt: dailyIssues.publishAt,
      newsCount: sql<number>`(select count(*)::int from daily_issue_articles a where a.issue_id = ${dailyIssues.id})`,
    })
    .from(dailyIssues)
    .orderBy(desc(dailyIssues.publicationDate))
    .limit(60);
  const latest = rows[0]?.date;
  const today = parisIsoDay(new Date());
  const nextDate = latest && latest >= today ? nextWorkingDay(latest) : today;
  return {
    nextDate,
    items: rows.map((row) => ({
      date: row.date,
      status: row.status as IssueListAnswer['items'][number]['status'],
      issueName: row.issueName,
      newsCount: row.newsCount,
      publishAt: row.publishAt?.toISOString() ?? null,
    })),
  };
}

/**
 * PUT /api/admin/issues/{date}: saves the issue. Without `publishAt` a draft stays a draft (a published issue
 * is updated for readers at once); `publishAt` now or past publishes, later schedules a job. Every news must be
 * a published article (400 naming each unknown one).
 */
export async function putIssue(
  db: Db,
  principal: StaffPrincipal,
  day: string,
  body: IssuePutBody,
): Promise<AdminIssue> {
  const known = await db.select({ id: articles.id }).from(articles).where(inArray(articles.id, body.newsIds));
  const knownIds = new Set(known.map((row) => row.id));
  const missing = body.newsIds.flatMap((id, index) =>
    knownIds.has(id) ? [] : [{ field: `newsIds[${index}]`, message: `${UNKNOWN_ARTICLE_MESSAGE} (${id})` }],
  );
  if (missing.length > 0)
    throw new AppError('bad_request', 'Certaines actualités sont introuvables.', missing);

  const at = body.publishAt ? new Date(body.publishAt) : null;
  const scheduled = at !== null && at.getTime() > Date.now() + NOW_THRESHOLD_MS;
  let readersChanged = false;
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(dailyIssues)
      .where(eq(dailyIssues.publicationDate, day))
      .for('update');
    const wasPublished = existing?.status === 'published';
    if (scheduled && wasPublished) throw new AppError('conflict', ALREADY_PUBLISHED_MESSAGE);
    const status = scheduled ? 'scheduled' : at || wasPublished ? 'published' : 'draft';
    const fields = {
      issueName: body.issueName,
      comiteRedaction: body.comiteRedaction,
      redacteurChef: body.redacteurChef,
      status,
      publishAt: at ?? existing?.publishAt ?? null,
      publishedAt: status === 'published' ? (existing?.publishedAt ?? sql`now()`) : null,
      updatedAt: sql`now()`,
    };
    const [row] = await tx
      .insert(dailyIssues)
      .values({ publicationDate: day, ...fields })
      .onConflictDoUpdate({ target: dailyIssues.publicationDate, set: fields })
      .returning({ id: dailyIssues.id });
    if (!row) throw new Error('numéro non enregistré');
    await tx.delete(dailyIssueArticles).where(eq(dailyIssueArticles.issueId, row.id));
    await tx
      .insert(dailyIssueArticles)
      .values(body.newsIds.map((articleId, position) => ({ issueId: row.id, articleId, position })));
    await cancelJobs(tx, { kind: PUBLISH_JOB, dedupeKey: issueKey(day) });
    if (scheduled) {
      await enqueueJob(tx, publishIssueJob, { date: day }, { runAt: at, dedupeKey: issueKey(day) });
    }
    await recordAudit(
      tx,
      principal,
      scheduled
        ? 'issue.schedule'
        : status === 'published' && !wasPublished
          ? 'issue.publish'
          : 'issue.update',
      { type: 'issue', id: day },
      { status, news: body.newsIds.length, ...(at ? { publishAt: at.toISOString() } : {}) },
    );
    if (status === 'published') {
      readersChanged = true;
      await announceContentChange(tx, ISSUE_CHANGE);
    }
  });
  if (readersChanged) await refreshReaders(ISSUE_CHANGE);
  return getAdminIssue(db, day);
}

/**
 * Publishes a scheduled issue once its time has come: only if it is still scheduled (a later PUT may have made
 * it a draft again or published it), so a job run twice publishes it once.
 */
const publishIssueJob = defineJob({
  kind: PUBLISH_JOB,
  payload: z.object({ date: z.iso.date() }),
  run: async ({ date }, { db }) => {
    const published = await db.transaction(async (tx) => {
      const rows = await tx
        .update(dailyIssues)
        .set({ status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          // The runner ran the job at its time; a later PUT cancelled it or queued another.
          and(eq(dailyIssues.publicationDate, date), eq(dailyIssues.status, 'scheduled')),
        )
        .returning({ id: dailyIssues.id });
      if (rows.length === 0) return false;
      await recordPublicChange(tx, ISSUE_CHANGE, { actor: SCHEDULER, address: 'local' }, 'issue.publish', {
        type: 'issue',
        id: date,
      });
      return true;
    });
    if (published) await refreshReaders(ISSUE_CHANGE);
  },
});

/**
 * Saves the proposal for `day` as a draft unless an issue of that day exists or nothing was
 * published since the last issue. Staff who composed the day first win: the insert ignores an existing day.
 * Answers whether a draft was created.
 */
export async function prepareDraftIssue(db: Db, day: string): Promise<boolean> {
  const proposal = await proposeIssue(db, day);
  if (proposal.news.length === 0) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dailyIssues)
      .values({
        publicationDate: day,
        issueName: proposal.issueName,
        comiteRedaction: proposal.comiteRedaction,
        redacteurChef: proposal.redacteurChef,
        status: 'draft',
      })
      .onConflictDoNothing({ target: dailyIssues.publicationDate })
      .returning({ id: dailyIssues.id });
    if (!row) return false;
    await tx
      .insert(dailyIssueArticles)
      .values(proposal.news.map((item, position) => ({ issueId: row.id, articleId: item.id, position })));
    await recordAudit(
      tx,
      { actor: PREPARER, address: 'local' },
      'issue.prepare',
      { type: 'issue', id: day },
      { status: 'draft', news: proposal.news.length },
    );
    return true;
  });
}

const parisDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

/**
 * Every day at ISSUE_DRAFT_TIME (Paris) the next working day's issue is prepared as a draft from the articles
 * published since the last issue; then the job queues itself for the next day.
 */
const prepareDraftIssueJob = defineJob({
  kind: PREPARE_JOB,
  payload: z.object({ day: z.iso.date() }),
  run: async ({ day }, { db }) => {
    await prepareDraftIssue(db, day);
    await scheduleDraftIssue(db, env().ISSUE_DRAFT_TIME);
  },
});

/** Keeps exactly one preparation queued: at the next `time` in Paris, for the working day after that day. */
export async function scheduleDraftIssue(db: Db, time: string, now: Date = new Date()): Promise<void> {
  const at = nextDailySend(time, now);
  const day = nextWorkingDay(parisDayFormat.format(at));
  // A changed hour replaces the job queued for the old one; the running job (the one calling) is left alone.
  await cancelJobs(db, { kind: PREPARE_JOB });
  await enqueueJob(db, prepareDraftIssueJob, { day }, { runAt: at, dedupeKey: `prepare:${day}` });
}
