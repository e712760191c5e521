import { and, eq } from 'drizzle-orm';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as cancelPost } from '@/app/api/admin/newsletters/[id]/cancel/route';
import { GET as failuresGet } from '@/app/api/admin/newsletters/[id]/failures/route';
import { GET as previewGet } from '@/app/api/admin/newsletters/[id]/preview/route';
import { GET as campaignGet, PATCH as campaignPatch } from '@/app/api/admin/newsletters/[id]/route';
import { POST as sendPost } from '@/app/api/admin/newsletters/[id]/send/route';
import { POST as testPost } from '@/app/api/admin/newsletters/[id]/test/route';
import { POST as createPost, GET as listGet } from '@/app/api/admin/newsletters/route';
import {
  type Campaign,
  campaignFailuresAnswer,
  campaignListAnswer,
  campaignPreviewAnswer,
  campaignSchema,
} from '@/lib/contracts/newsletter-campaigns';
import type { Database } from '@/server/db/client';
import { auditLog, backgroundJobs, newsletterDeliveries } from '@/server/db/schema';
import { closeEmailTransports } from '@/server/email/transport';
import { countJobs } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { campaignMessageId, sendCampaignSlice, startSending } from '@/server/newsletter/campaign-sender';
import { newsletterSender, scheduleDailySend } from '@/server/newsletter/campaigns';
import { verifyUnsubscribeToken } from '@/server/newsletter/unsubscribe-token';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { insertArticles, insertIssue, insertSubscribers } from '../support/daily-issue';
import { createTestDatabase } from '../support/database';
import { findFreePort } from '../support/free-port';
import { callAdmin, createTestApiKey, createTestStaff, type TestStaff } from '../support/newsroom';
import { TestSmtpServer } from '../support/smtp-server';

const DAY = '2026-11-20';
const SUBSCRIBERS = Array.from(
  { length: 12 },
  (_, index) => `lecteur${String(index).padStart(2, '0')}@example.fr`,
);
const REFUSED = 'lecteur03@example.fr';

let database: Database;
let smtp: TestSmtpServer;
let smtpPort: number;
let journalist: TestStaff;
let editor: TestStaff;

beforeAll(async () => {
  smtpPort = await findFreePort();
  // The job reads the process configuration: this file's SMTP server, at a rate that keeps the tests quick.
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.NEWSLETTER_FROM = 'La Quotidienne <newsletter@example.test>';
  process.env.SITE_URL = 'https://www.example.test';
  process.env.NEWSLETTER_RATE_PER_SECOND = '200';
  process.env.NEWSLETTER_DAILY_SEND_TIME = '08:30';
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  smtp = new TestSmtpServer();
  await smtp.start(smtpPort);
  [journalist, editor] = await Promise.all([
    createTestStaff(database.db, 'redacteur', 'Camille Martin'),
    createTestStaff(database.db, 'editeur', 'Dominique Chef'),
  ]);
  const ids = await insertArticles(database.db, 'c', 3, DAY);
  await insertIssue(database.db, DAY, ids);
  await insertIssue(database.db, '2026-11-19', []);
  await insertSubscribers(database.db, SUBSCRIBERS, ['ancien@example.fr']);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  closeEmailTransports();
  await smtp?.stop();
  await database?.close();
});

type Route = Parameters<typeof callAdmin>[0];

async function create(by: TestStaff = editor, date = DAY): Promise<Campaign> {
  const answer = await callAdmin(createPost, {
    path: '/api/admin/newsletters',
    method: 'POST',
    caller: by,
    body: { date },
  });
  expect(answer.status).toBe(201);
  return campaignSchema.parse(answer.body);
}

function onCampaign(handler: Route, id: number, method: string, by: TestStaff = editor, body?: unknown) {
  return callAdmin(handler, {
    path: `/api/admin/newsletters/${id}`,
    method,
    caller: by,
    body,
    params: { id: String(id) },
  });
}

async function campaign(id: number): Promise<Campaign> {
  const answer = await onCampaign(campaignGet, id, 'GET', journalist);
  expect(answer.status).toBe(200);
  return campaignSchema.parse(answer.body);
}

function header(email: Email, name: string): string {
  return email.headers.find((entry) => entry.key === name)?.value ?? '';
}

/** Runs the job runner until no campaign job is left (each run sends a slice). */
async function runCampaignJobs(now?: Date): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    await runDueJobs(database.db, now ? { now } : {});
    const counts = await countJobs(database.db, ['newsletter.campaign']);
    if (counts.pending === 0 || (now === undefined && round > 5)) return;
  }
}

describe('newsletter campaigns: roles and validation', () => {
  it('refuses callers without a staff session, and redacteurs may read but not create', async () => {
    const anonymous = await callAdmin(createPost, {
      path: '/api/admin/newsletters',
      method: 'POST',
      body: { date: DAY },
    });
    expect(anonymous.status).toBe(401);
    const journalistCreate = await callAdmin(createPost, {
      path: '/api/admin/newsletters',
      method: 'POST',
      caller: journalist,
      body: { date: DAY },
    });
    expect(journalistCreate.status).toBe(403);
    const list = await callAdmin(listGet, { path: '/api/admin/newsletters', caller: journalist });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toContain('no-store');
    campaignListAnswer.parse(list.body);
  });

  it('answers 400 for a malformed date, 404 for a day without issue, 409 for an empty issue', async () => {
    const bad = await callAdmin<{ error: { details: { field: string }[] } }>(createPost, {
      path: '/api/admin/newsletters',
      method: 'POST',
      caller: editor,
      body: { date: '20/11/2026' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]?.field).toBe('date');
    const none = await callAdmin(createPost, {
      path: '/api/admin/newsletters',
      method: 'POST',
      caller: editor,
      body: { date: '2020-01-01' },
    });
    expect(none.status).toBe(404);
    const empty = await callAdmin(createPost, {
      path: '/api/admin/newsletters',
      method: 'POST',
      caller: editor,
      body: { date: '2026-11-19' },
    });
    expect(empty.status).toBe(409);
    const unknown = await onCampaign(campaignGet, 999_999, 'GET');
    expect(unknown.status).toBe(404);
  });

  it('works with an API key of an editor, and audits with the key as actor', async () => {
    const key = await createTestApiKey(database.db, 'editeur');
    const answer = await callAdmin(createPost, {
      path: '/api/admin/newsletters',
      method: 'POST',
      caller: { authorization: `Bearer ${key}` },
      body: { date: DAY },
    });
    expect(answer.status).toBe(201);
    const created = campaignSchema.parse(answer.body);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'newsletter.create'), eq(auditLog.targetId, String(created.id))));
    expect(entry?.actorKind).toBe('api_key');
  });
});

describe('a campaign from the day’s issue', () => {
  let draft: Campaign;

  it('is prefilled from the issue; subject and intro are editable while it is a draft', async () => {
    draft = await create();
    expect(draft).toMatchObject({ status: 'draft', issueDate: DAY, intro: '', progress: 0 });
    // Before anything is sent, the audience is the confirmed subscribers (not the former one).
    expect(draft.counts.total).toBe(0);
    expect(draft.audience).toBe(SUBSCRIBERS.length);
    expect(draft.subject).toBe('La Quotidienne du 20 novembre 2026 – Actualité c1 : la réforme 1');
    expect(draft.createdBy?.name).toBe('Dominique Chef');

    const forbidden = await onCampaign(campaignPatch, draft.id, 'PATCH', journalist, { subject: 'Non' });
    expect(forbidden.status).toBe(403);
    const empty = await onCampaign(campaignPatch, draft.id, 'PATCH', editor, {});
    expect(empty.status).toBe(400);
    const patched = await onCampaign(campaignPatch, draft.id, 'PATCH', editor, {
      subject: 'Spécial loi de finances',
      intro: 'Bonjour,\nCe numéro fait le point sur <la réforme>.',
    });
    expect(patched.status).toBe(200);
    expect(campaignSchema.parse(patched.body)).toMatchObject({ subject: 'Spécial loi de finances' });
  });

  it('previews the e-mail as HTML and text, the intro escaped', async () => {
    const answer = await onCampaign(previewGet, draft.id, 'GET', journalist);
    expect(answer.status).toBe(200);
    const preview = campaignPreviewAnswer.parse(answer.body);
    expect(preview.subject).toBe('Spécial loi de finances');
    expect(preview.html).toContain('Ce numéro fait le point sur &lt;la réforme&gt;.');
    expect(preview.html).toContain('Actualité c2 : la réforme 2');
    expect(preview.text).toContain('Bonjour,\nCe numéro fait le point sur <la réforme>.');
    expect(preview.text).toContain('Rédacteur en chef : Claire Martin');
  });

  it('sends a test to one address over SMTP, marked [TEST], with the one-click unsubscribe headers', async () => {
    const before = smtp.received.length;
    const answer = await onCampaign(testPost, draft.id, 'POST', editor, { email: 'Relecture@Example.fr' });
    expect(answer.status).toBe(200);
    expect(smtp.received).toHaveLength(before + 1);
    const email = await PostalMime.parse(smtp.received.at(-1)?.raw ?? '');
    expect(email.subject).toBe('[TEST] Spécial loi de finances');
    expect(email.from?.address).toBe('newsletter@example.test');
    expect(email.to?.[0]?.address).toBe('relecture@example.fr');
    expect(header(email, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(header(email, 'list-unsubscribe'))?.[1] ?? '');
    expect(oneClick.pathname).toBe('/unsubscribe/relecture%40example.fr/one-click');
    expect(verifyUnsubscribeToken('relecture@example.fr', oneClick.searchParams.get('token'))).toBe(true);
    // Nothing is recorded as sent to subscribers by a test.
    expect((await campaign(draft.id)).counts.total).toBe(0);

    smtp.refuse = new Set(['refuse@example.fr']);
    const refused = await onCampaign(testPost, draft.id, 'POST', editor, { email: 'refuse@example.fr' });
    smtp.refuse = new Set();
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('550');
  });

  it('sends to each confirmed subscriber once through the job runner, recording the server’s refusals', async () => {
    smtp.refuse = new Set([REFUSED]);
    const before = smtp.received.length;
    const queued = await onCampaign(sendPost, draft.id, 'POST', editor, {});
    expect(queued.status).toBe(200);
    expect(campaignSchema.parse(queued.body).status).toBe('scheduled');
    const twice = await onCampaign(sendPost, draft.id, 'POST', editor, {});
    expect(twice.status).toBe(200); // still scheduled: the new request replaces the job, it does not add one
    expect((await countJobs(database.db, ['newsletter.campaign'])).pending).toBe(1);

    await runCampaignJobs();
    smtp.refuse = new Set();
    const sent = await campaign(draft.id);
    expect(sent).toMatchObject({ status: 'sent', progress: 100 });
    expect(sent.counts).toMatchObject({ total: 12, sent: 11, failed: 1, pending: 0, sending: 0 });
    expect(smtp.received.length - before).toBe(11);
    for (const email of SUBSCRIBERS.filter((address) => address !== REFUSED)) {
      expect(smtp.countFor(email)).toBe(1);
    }
    expect(smtp.countFor('ancien@example.fr')).toBe(0);

    const failures = campaignFailuresAnswer.parse((await onCampaign(failuresGet, draft.id, 'GET')).body);
    expect(failures.items).toEqual([{ email: REFUSED, attempts: 1, error: expect.stringContaining('550') }]);

    const message = smtp.received.find((entry) => entry.to.includes('lecteur00@example.fr'));
    const parsed = await PostalMime.parse(message?.raw ?? '');
    expect(parsed.subject).toBe('Spécial loi de finances');
    expect(header(parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(parsed, 'list-unsubscribe')).toContain(
      '/unsubscribe/lecteur00%40example.fr/one-click?token=',
    );
    expect(header(parsed, 'precedence')).toBe('bulk');
    expect(parsed.messageId).toBe(
      campaignMessageId(draft.id, 'lecteur00@example.fr', 'https://www.example.test'),
    );

    const again = await onCampaign(sendPost, draft.id, 'POST', editor, {});
    expect(again.status).toBe(409);
    const edit = await onCampaign(campaignPatch, draft.id, 'PATCH', editor, { subject: 'Trop tard' });
    expect(edit.status).toBe(409);
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(draft.id)));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'newsletter.create',
        'newsletter.update',
        'newsletter.test',
        'newsletter.send',
      ]),
    );
  });

  it('a redacteur may not send', async () => {
    const other = await create();
    const answer = await onCampaign(sendPost, other.id, 'POST', journalist, {});
    expect(answer.status).toBe(403);
  });
});

describe('scheduling, throttling and resuming', () => {
  it('a scheduled campaign waits for its time; cancelling puts it back to draft', async () => {
    const scheduled = await create();
    const at = new Date(Date.now() + 3_600_000);
    const malformed = await onCampaign(sendPost, scheduled.id, 'POST', editor, { at: 'demain' });
    expect(malformed.status).toBe(400);
    const answer = await onCampaign(sendPost, scheduled.id, 'POST', editor, { at: at.toISOString() });
    expect(campaignSchema.parse(answer.body)).toMatchObject({
      status: 'scheduled',
      scheduledAt: at.toISOString(),
    });
    await runDueJobs(database.db);
    expect((await campaign(scheduled.id)).counts.total).toBe(0);

    const cancelled = await onCampaign(cancelPost, scheduled.id, 'POST', editor);
    expect(campaignSchema.parse(cancelled.body).status).toBe('draft');
    expect((await countJobs(database.db, ['newsletter.campaign'])).pending).toBe(0);

    await onCampaign(sendPost, scheduled.id, 'POST', editor, { at: at.toISOString() });
    const before = smtp.received.length;
    await runCampaignJobs(new Date(at.getTime() + 1_000));
    expect(await campaign(scheduled.id)).toMatchObject({ status: 'sent', counts: { sent: 12, failed: 0 } });
    expect(smtp.received.length - before).toBe(12);
  });

  it('keeps to the configured rate', async () => {
    const slow = await create();
    await startSending(database.db, slow.id);
    const started = performance.now();
    const outcome = await sendCampaignSlice(database.db, slow.id, {
      deliver: newsletterSender(),
      siteUrl: 'https://www.example.test',
      ratePerSecond: 20,
    });
    const elapsed = performance.now() - started;
    expect(outcome).toBe('done');
    expect((await campaign(slow.id)).counts.sent).toBe(12);
    // 12 messages at 20 a second: the last starts 11 intervals of 50 ms after the first.
    expect(elapsed).toBeGreaterThanOrEqual(540);
  });

  it('resumes after a crash: recipients left in flight are sent again, those sent are not', async () => {
    const crashed = await create();
    await onCampaign(sendPost, crashed.id, 'POST', editor, {});
    // A sender died mid-batch: 4 recipients recorded sent (their messages left), 3 claimed with no outcome.
    await startSending(database.db, crashed.id);
    const rows = await database.db
      .select({ email: newsletterDeliveries.email })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.campaignId, crashed.id))
      .orderBy(newsletterDeliveries.email);
    const alreadySent = rows.slice(0, 4).map((row) => row.email);
    const inFlight = rows.slice(4, 7).map((row) => row.email);
    for (const email of alreadySent) {
      await database.db
        .update(newsletterDeliveries)
        .set({ status: 'sent', attempts: 1 })
        .where(and(eq(newsletterDeliveries.campaignId, crashed.id), eq(newsletterDeliveries.email, email)));
    }
    for (const email of inFlight) {
      await database.db
        .update(newsletterDeliveries)
        .set({ status: 'sending', attempts: 1 })
        .where(and(eq(newsletterDeliveries.campaignId, crashed.id), eq(newsletterDeliveries.email, email)));
    }
    const counts = new Map(SUBSCRIBERS.map((email) => [email, smtp.countFor(email)]));
    await runCampaignJobs();
    const done = await campaign(crashed.id);
    expect(done).toMatchObject({ status: 'sent', counts: { total: 12, sent: 12, retried: 3 } });
    for (const email of SUBSCRIBERS) {
      const expected = alreadySent.includes(email) ? 0 : 1;
      expect(smtp.countFor(email) - (counts.get(email) ?? 0)).toBe(expected);
    }
  });

  it('records a recipient sent before the server can accept its message, so a crash repeats none', async () => {
    const ordered = await create();
    await startSending(database.db, ordered.id);
    const statusWhenAccepted: string[] = [];
    smtp.beforeAccept = async ([to]) => {
      const [row] = await database.db
        .select({ status: newsletterDeliveries.status })
        .from(newsletterDeliveries)
        .where(
          and(eq(newsletterDeliveries.campaignId, ordered.id), eq(newsletterDeliveries.email, to ?? '')),
        );
      statusWhenAccepted.push(row?.status ?? 'absent');
      // The server refuses one message after its data: that recipient ends failed, not sent.
      if (to === SUBSCRIBERS[0]) throw new Error('boîte pleine');
    };
    try {
      const outcome = await sendCampaignSlice(database.db, ordered.id, {
        deliver: newsletterSender(),
        siteUrl: 'https://www.example.test',
        ratePerSecond: 1_000,
      });
      expect(outcome).toBe('done');
    } finally {
      smtp.beforeAccept = undefined;
    }
    // Every message reached the server whole only once its recipient was recorded sent (on disk): a sender killed
    // at any point before that left it `sending`, and the server had not accepted the unfinished message.
    expect(statusWhenAccepted).toEqual(SUBSCRIBERS.map(() => 'sent'));
    expect((await campaign(ordered.id)).counts).toMatchObject({ sent: 11, failed: 1 });
  });

  it('a refused recipient stays failed when the client reads its message to the end after the refusal', async () => {
    const raced = await create();
    await startSending(database.db, raced.id);
    const lateReads: (() => Promise<unknown>)[] = [];
    const outcome = await sendCampaignSlice(database.db, raced.id, {
      // As nodemailer may do: the server refuses the first recipient, and the message's stream reaches its end
      // afterwards (here once the slice has recorded the refusal), which asks to record it sent.
      deliver: async (message, hooks) => {
        if (message.to !== SUBSCRIBERS[0]) return hooks?.beforeEndOfData?.();
        lateReads.push(async () => {
          await hooks?.beforeEndOfData?.().catch(() => undefined);
        });
        throw Object.assign(new Error('550 boîte aux lettres indisponible'), { responseCode: 550 });
      },
      siteUrl: 'https://www.example.test',
      ratePerSecond: 1_000,
    });
    expect(lateReads).toHaveLength(1);
    for (const lateRead of lateReads) await lateRead();
    expect(outcome).toBe('done');
    const [refused] = await database.db
      .select({ status: newsletterDeliveries.status })
      .from(newsletterDeliveries)
      .where(
        and(
          eq(newsletterDeliveries.campaignId, raced.id),
          eq(newsletterDeliveries.email, SUBSCRIBERS[0] ?? ''),
        ),
      );
    expect(refused?.status).toBe('failed');
    expect((await campaign(raced.id)).counts).toMatchObject({ sent: 11, failed: 1 });
  });

  it('keeps recipients in line while the SMTP server is down and sends them once it is back', async () => {
    const outage = await create();
    await onCampaign(sendPost, outage.id, 'POST', editor, {});
    closeEmailTransports();
    await smtp.stop();
    const firstRun = await runDueJobs(database.db);
    expect(firstRun.retried).toBe(1);
    const waiting = await campaign(outage.id);
    expect(waiting).toMatchObject({ status: 'sending', counts: { sent: 0, pending: 12, sending: 0 } });

    smtp = new TestSmtpServer();
    await smtp.start(smtpPort);
    // The job's next attempt comes after the runner's backoff (30 s): move the clock past it.
    await runCampaignJobs(new Date(Date.now() + 60_000));
    expect(await campaign(outage.id)).toMatchObject({ status: 'sent', counts: { sent: 12, failed: 0 } });
    for (const email of SUBSCRIBERS) expect(smtp.countFor(email)).toBe(1);
  });
});

describe('the daily automatic send', () => {
  it('sends the day’s published issue at the configured time, once, and queues the next day', async () => {
    await database.db.delete(backgroundJobs);
    const now = new Date('2026-11-20T06:00:00Z');
    await scheduleDailySend(database.db, '08:30', now);
    const [job] = await database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.kind, 'newsletter.daily'));
    // 08:30 in Paris in November is 07:30 UTC.
    expect(job?.runAt.toISOString()).toBe('2026-11-20T07:30:00.000Z');
    expect(job?.payload).toEqual({ day: DAY });
    // Campaigns of that day were already sent by staff above: the automatic send adds none.
    const before = (await callAdmin(listGet, { path: '/api/admin/newsletters', caller: editor })).body;
    await runDueJobs(database.db, { now: new Date('2026-11-20T07:31:00Z') });
    const after = (await callAdmin(listGet, { path: '/api/admin/newsletters', caller: editor })).body;
    expect(campaignListAnswer.parse(after).items).toHaveLength(campaignListAnswer.parse(before).items.length);
    const next = await database.db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, 'newsletter.daily'), eq(backgroundJobs.status, 'pending')));
    expect(next).toHaveLength(1);
    // The next one is the next 08:30 after the run (the real clock: this test's `now` only moved the runner's).
    const nextDay = (next[0]?.payload as { day?: string } | undefined)?.day ?? '';
    expect(nextDay > DAY).toBe(true);
  });

  it('creates and sends an automatic campaign when staff sent none', async () => {
    const ids = await insertArticles(database.db, 'd', 2, '2026-11-23');
    await insertIssue(database.db, '2026-11-23', ids);
    await database.db.delete(backgroundJobs);
    await scheduleDailySend(database.db, '07:00', new Date('2026-11-23T05:00:00Z'));
    const before = smtp.received.length;
    await runDueJobs(database.db, { now: new Date('2026-11-23T06:01:00Z') });
    await runCampaignJobs();
    const list = campaignListAnswer.parse(
      (await callAdmin(listGet, { path: '/api/admin/newsletters', caller: editor })).body,
    );
    const automatic = list.items.find((item) => item.issueDate === '2026-11-23');
    expect(automatic).toMatchObject({ automatic: true, status: 'sent', counts: { sent: 12 } });
    expect(smtp.received.length - before).toBe(12);
  });
});
