import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as issueGet, PUT as issuePut } from '@/app/api/admin/issues/[date]/route';
import { GET as issuesGet } from '@/app/api/admin/issues/route';
import { GET as publicIssueGet } from '@/app/api/issue/route';
import { type AdminIssue, adminIssueSchema, issueListAnswer } from '@/lib/contracts/issues';
import { purgeSharedReads } from '@/server/cache/shared-reads';
import { prepareDraftIssue, scheduleDraftIssue } from '@/server/daily-issue/issues';
import type { Database } from '@/server/db/client';
import { auditLog, backgroundJobs, dailyIssues } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { loadHomePage } from '@/server/pages/home-page';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { insertArticles, insertIssue } from '../support/daily-issue';
import { createTestDatabase } from '../support/database';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;
let ids: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, editor] = await Promise.all([
    createTestStaff(database.db, 'redacteur', 'Camille Martin'),
    createTestStaff(database.db, 'editeur', 'Dominique Chef'),
  ]);
  // Six articles of 16 November (the last issue's day) and four published after it.
  const older = await insertArticles(database.db, 'old', 6, '2026-11-16');
  const issueId = await insertIssue(database.db, '2026-11-16', older.slice(0, 3), {
    issueName: 'La Quotidienne du lundi 16 novembre 2026',
  });
  await database.db
    .update(dailyIssues)
    .set({ publishedAt: new Date('2026-11-16T06:00:00Z') })
    .where(eq(dailyIssues.id, issueId));
  ids = await insertArticles(database.db, 'new', 4, '2026-11-17');
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

function onIssue(method: 'GET' | 'PUT', day: string, by: TestStaff | null, body?: unknown) {
  return callAdmin(method === 'GET' ? issueGet : issuePut, {
    path: `/api/admin/issues/${day}`,
    method,
    caller: by ?? undefined,
    body,
    params: { date: day },
  });
}

async function currentIssueName(): Promise<string> {
  purgeSharedReads();
  const answer = await callHandler(publicIssueGet, '/api/issue');
  return (answer.body as { issueName: string }).issueName;
}

const credits = { comiteRedaction: 'Paul Durand, Inès Roux', redacteurChef: 'Claire Martin' };

describe('the daily issue in the newsroom', () => {
  it('checks roles: 401 without a session, redacteurs read but do not compose', async () => {
    expect((await onIssue('GET', '2026-11-17', null)).status).toBe(401);
    expect((await onIssue('GET', '2026-11-17', journalist)).status).toBe(200);
    const put = await onIssue('PUT', '2026-11-17', journalist, {
      issueName: 'Non',
      ...credits,
      newsIds: [ids[0]],
    });
    expect(put.status).toBe(403);
    expect((await onIssue('GET', '17-11-2026', editor)).status).toBe(404);
  });

  it('proposes the next issue from the articles published since the last one, credits carried over', async () => {
    const answer = await onIssue('GET', '2026-11-17', editor);
    const proposal = adminIssueSchema.parse(answer.body);
    expect(proposal).toMatchObject({
      status: 'new',
      issueName: 'La Quotidienne du mardi 17 novembre 2026',
      ...credits,
    });
    expect(proposal.news.map((item) => item.id).sort()).toEqual([...ids].sort());
    expect(proposal.news[0]?.path).toMatch(/^\/actualite\/actualite-new\d_new\d$/);
    const list = issueListAnswer.parse(
      (await callAdmin(issuesGet, { path: '/api/admin/issues', caller: editor })).body,
    );
    expect(list.items.map((item) => item.date)).toEqual(['2026-11-16']);
  });

  it('refuses unknown articles, duplicates and an empty list, naming the field', async () => {
    const unknown = await onIssue('PUT', '2026-11-17', editor, {
      issueName: 'La Quotidienne',
      ...credits,
      newsIds: [ids[0], 'inconnu'],
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('newsIds[1]');
    const twice = await onIssue('PUT', '2026-11-17', editor, {
      issueName: 'x',
      ...credits,
      newsIds: [ids[0], ids[0]],
    });
    expect(twice.status).toBe(400);
    const empty = await onIssue('PUT', '2026-11-17', editor, { issueName: 'x', ...credits, newsIds: [] });
    expect(empty.status).toBe(400);
    const missing = await onIssue('PUT', '2026-11-17', editor, { ...credits, newsIds: [ids[0]] });
    expect(missing.status).toBe(400);
  });

  it('saves a draft that readers do not see, then publishes it in the chosen order', async () => {
    const order = [ids[2], ids[0], ids[3], ids[1]] as string[];
    const draft = await onIssue('PUT', '2026-11-17', editor, {
      issueName: 'La Quotidienne du mardi 17 novembre 2026',
      ...credits,
      newsIds: order,
    });
    expect(draft.status).toBe(200);
    expect(adminIssueSchema.parse(draft.body)).toMatchObject({ status: 'draft', publishedAt: null });
    expect(await currentIssueName()).toBe('La Quotidienne du lundi 16 novembre 2026');

    const published = await onIssue('PUT', '2026-11-17', editor, {
      issueName: 'La Quotidienne du mardi 17 novembre 2026',
      ...credits,
      newsIds: order,
      publishAt: new Date().toISOString(),
    });
    const issue: AdminIssue = adminIssueSchema.parse(published.body);
    expect(issue.status).toBe('published');
    expect(issue.news.map((item) => item.id)).toEqual(order);
    expect(await currentIssueName()).toBe('La Quotidienne du mardi 17 novembre 2026');
    purgeSharedReads();
    const home = await loadHomePage(database.db, undefined);
    expect(home.news.map((item) => item.id)).toEqual(order);

    // Reordered later (drag and drop or keyboard in the newsroom): readers see the new order.
    const reordered = [...order].reverse();
    await onIssue('PUT', '2026-11-17', editor, {
      issueName: 'La Quotidienne du mardi 17 novembre 2026',
      ...credits,
      newsIds: reordered,
    });
    expect((await loadHomePage(database.db, undefined)).news.map((item) => item.id)).toEqual(reordered);
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, '2026-11-17'));
    expect(actions.map((row) => row.action)).toEqual(['issue.update', 'issue.publish', 'issue.update']);
  });

  it('publishes a scheduled issue at its time through the job runner, and never reschedules a published one', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const answer = await onIssue('PUT', '2026-11-18', editor, {
      issueName: 'La Quotidienne du mercredi 18 novembre 2026',
      ...credits,
      newsIds: [ids[1] as string],
      publishAt: at.toISOString(),
    });
    expect(adminIssueSchema.parse(answer.body)).toMatchObject({
      status: 'scheduled',
      publishAt: at.toISOString(),
    });
    await runDueJobs(database.db);
    expect(await currentIssueName()).toBe('La Quotidienne du mardi 17 novembre 2026');
    await runDueJobs(database.db, { now: new Date(at.getTime() + 1_000) });
    expect(await currentIssueName()).toBe('La Quotidienne du mercredi 18 novembre 2026');
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, '2026-11-18'))
      .orderBy(auditLog.id);
    expect(entry?.action).toBe('issue.schedule');

    const again = await onIssue('PUT', '2026-11-18', editor, {
      issueName: 'La Quotidienne du mercredi 18 novembre 2026',
      ...credits,
      newsIds: [ids[1] as string],
      publishAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(again.status).toBe(409);
  });
});

describe('the next working day prepared as a draft by a job', () => {
  it('drafts the next working day from the articles published since the last issue, once', async () => {
    // Friday 20 November 2026, 17:00 in Paris (16:00 UTC): the draft is for Monday 23.
    const friday = new Date('2026-11-20T15:00:00Z');
    await scheduleDraftIssue(database.db, '17:00', friday);
    const [queued] = await database.db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, 'issue.prepare-draft'), eq(backgroundJobs.status, 'pending')));
    expect(queued?.runAt.toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(queued?.payload).toEqual({ day: '2026-11-23' });
    // Nothing was published since the 18th's issue went out (just now): nothing to draft.
    expect(await prepareDraftIssue(database.db, '2026-11-19')).toBe(false);
    await database.db
      .update(dailyIssues)
      .set({ publishedAt: new Date('2026-11-18T06:00:00Z') })
      .where(eq(dailyIssues.publicationDate, '2026-11-18'));
    const fresh = await insertArticles(database.db, 'friday', 2, '2026-11-20');

    await runDueJobs(database.db, { now: new Date('2026-11-20T16:00:01Z') });
    const draft = adminIssueSchema.parse((await onIssue('GET', '2026-11-23', editor)).body);
    // The last published issue is the 18th's: what came after it, newest first, credits carried over.
    expect(draft).toMatchObject({
      status: 'draft',
      issueName: 'La Quotidienne du lundi 23 novembre 2026',
      ...credits,
    });
    expect(draft.news.map((item) => item.id)).toEqual(fresh);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.targetId, '2026-11-23'));
    expect(entries.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['issue.prepare', 'préparation automatique'],
    ]);
    // Readers never see a draft; the job queued itself for the next evening.
    expect(await currentIssueName()).toBe('La Quotidienne du mercredi 18 novembre 2026');
    const pending = await database.db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, 'issue.prepare-draft'), eq(backgroundJobs.status, 'pending')));
    expect(pending).toHaveLength(1);
    expect(pending[0]?.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('leaves a day staff composed alone', async () => {
    const editedNews = [ids[3] as string];
    await onIssue('PUT', '2026-11-24', editor, { issueName: 'Mon numéro', ...credits, newsIds: editedNews });
    expect(await prepareDraftIssue(database.db, '2026-11-24')).toBe(false);
    const kept = adminIssueSchema.parse((await onIssue('GET', '2026-11-24', editor)).body);
    expect(kept.issueName).toBe('Mon numéro');
    expect(kept.news.map((item) => item.id)).toEqual(editedNews);
  });
});
