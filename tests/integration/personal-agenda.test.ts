import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { GET as feedGet } from '@/app/(site)/agenda/flux/[token]/route';
import { POST as feedPost } from '@/app/api/account/agenda-feed/route';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { PATCH as articlePatch } from '@/app/api/admin/articles/[id]/route';
import { POST as createPost } from '@/app/api/admin/articles/route';
import { type AdminArticle, adminArticleSchema } from '@/lib/contracts/admin';
import { agendaFeedAnswer } from '@/lib/contracts/personal-agenda';
import { hashPassword } from '@/server/accounts/passwords';
import { createSession } from '@/server/accounts/sessions';
import type { Database } from '@/server/db/client';
import { agendaProfiles, articles, backgroundJobs, customers } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { saveAgendaProfile } from '@/server/personal-agenda/profile';
import { reminderTime, scheduleAgendaReminders } from '@/server/personal-agenda/reminders';
import { callHandler, forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { MAIL_SITE_URL, Mailbox } from '../support/mailbox';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let mailbox: Mailbox;
let editor: TestStaff;
let counter = 0;

const FISCAL = { label: 'Fiscal', slug: 'fiscal', id: 'EBX:EFL_Themes:Fiscal', shortId: 'F' };

/** An agenda deadline as the import writes it: its trades, day and who it concerns. */
async function deadline(
  id: string,
  eventDate: string,
  trades: string[],
  audience: Record<string, string | boolean> = {},
) {
  await database.db.insert(articles).values({
    id,
    type: 'agenda',
    slug: `echeance-${id.toLowerCase()}`,
    title: `Échéance ${id}`,
    summary: `Résumé de ${id}.`,
    publicationDate: new Date('2026-02-01T08:00:00Z'),
    eventDate,
    trades,
    topics: [FISCAL],
    topicIds: [FISCAL.id],
    additionalProperties: audience,
  });
}

async function reader(): Promise<{ id: number; email: string; cookie: string }> {
  counter += 1;
  const email = `agenda.${counter}.${Date.now()}@cabinet.fr`;
  const [row] = await database.db
    .insert(customers)
    .values({
      email,
      passwordHash: await hashPassword('Cl@ire-Compta-2024'),
      civility: 13,
      firstname: 'Claire',
      lastname: 'Martin',
      function: 'expertComptable',
      emailConfirmedAt: new Date(),
    })
    .returning({ id: customers.id });
  const id = row?.id ?? 0;
  const { token } = await createSession(database.db, id);
  return { id, email, cookie: `quotidienne_session=${token}` };
}

const newFeed = (cookie?: string) =>
  callHandler(feedPost, '/api/account/agenda-feed', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

async function readFeed(url: string): Promise<Response> {
  const token = new URL(url).pathname.split('/').at(-1) ?? '';
  return feedGet(new Request(url), { params: Promise.resolve({ token }) });
}

beforeAll(async () => {
  mailbox = await Mailbox.open();
  database = await createTestDatabase();
  editor = await createTestStaff(database.db, 'editeur');
  await deadline('TVA-CA3', '2030-03-19', ['fiscal'], { agenda_tva: 'reel-normal' });
  await deadline('TVA-CA12', '2030-03-09', ['fiscal'], { agenda_tva: 'reel-simplifie' });
  await deadline('IS-ACOMPTE', '2030-03-16', ['fiscal', 'comptable'], { agenda_imposition: 'is' });
  await deadline('IR-DECL', '2030-03-03', ['fiscal', 'particuliers'], {
    agenda_imposition: 'ir',
    agenda_sous_reserve: true,
  });
  await deadline('DSN-50', '2030-03-05', ['social'], { agenda_tailles: '50-a-249,250-et-plus' });
  useDatabaseForRoutes(database);
});
afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
  await mailbox?.close();
});

describe('the private feed', () => {
  it('answers the profile’s deadlines as text/calendar with stable UIDs and two alarms, until replaced', async () => {
    expect((await newFeed()).status).toBe(401);
    const me = await reader();
    await saveAgendaProfile(database.db, me.id, {
      trades: ['fiscal', 'comptable'],
      sizeBand: '11-a-49',
      vatRegime: 'reel-simplifie',
      taxRegime: 'ir',
      emailReminders: false,
    });
    const created = await newFeed(me.cookie);
    expect(created.status).toBe(201);
    const { url } = z.parse(agendaFeedAnswer, created.body);
    expect(url).toMatch(new RegExp(`^${MAIL_SITE_URL}/agenda/flux/[A-Za-z0-9_-]{43}\\.ics$`));

    const feed = await readFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await feed.text();
    const uids = [...body.matchAll(/^UID:(.+)$/gm)].map((match) => match[1]?.trim());
    // Fiscal deadlines of the simplified VAT regime and of income tax; not those of the normal regime, of
    // corporate tax, nor the social one of larger companies.
    expect(uids).toEqual(['agenda-IR-DECL@site.test', 'agenda-TVA-CA12@site.test']);
    expect(body.match(/^TRIGGER:-P7D\r?$/gm)).toHaveLength(2);
    expect(body.match(/^TRIGGER:-P1D\r?$/gm)).toHaveLength(2);
    expect(body.match(/^SEQUENCE:0\r?$/gm)).toHaveLength(2);
    expect(body).toContain('SUMMARY:Échéance IR-DECL (sous réserve)');

    // A new address replaces the old one, which answers 404 at once.
    const replaced = z.parse(agendaFeedAnswer, (await newFeed(me.cookie)).body).url;
    expect(replaced).not.toBe(url);
    expect((await readFeed(url)).status).toBe(404);
    expect((await readFeed(replaced)).status).toBe(200);
    expect((await readFeed(`${MAIL_SITE_URL}/agenda/flux/pas-un-jeton.ics`)).status).toBe(404);
  });

  it('holds every deadline for a reader of every trade without other criteria', async () => {
    const me = await reader();
    const { url } = z.parse(agendaFeedAnswer, (await newFeed(me.cookie)).body);
    const body = await (await readFeed(url)).text();
    expect(body.match(/^BEGIN:VEVENT\r?$/gm)).toHaveLength(5);
  });
});

describe('reminder e-mails (job runner, fixed clock)', () => {
  it('sends one e-mail at 7 a.m. with the deadlines 7 days and 1 day later, once', async () => {
    const me = await reader();
    await saveAgendaProfile(database.db, me.id, {
      trades: ['fiscal'],
      sizeBand: null,
      vatRegime: 'reel-simplifie',
      taxRegime: 'ir',
      emailReminders: true,
    });
    const other = await reader();
    await saveAgendaProfile(database.db, other.id, {
      trades: ['social'],
      sizeBand: 'moins-de-11',
      vatRegime: null,
      taxRegime: null,
      emailReminders: true,
    });
    // On 1 March 2030 the next run is 2 March at 7 a.m. in Paris (6 a.m. UTC).
    await scheduleAgendaReminders(database.db, new Date('2030-03-01T10:00:00Z'));
    const runAt = reminderTime('2030-03-02');
    expect(runAt.toISOString()).toBe('2030-03-02T06:00:00.000Z');
    await runDueJobs(database.db, { now: new Date(runAt.getTime() - 60_000) });
    expect(await mailbox.messagesTo(me.email)).toHaveLength(0);

    await runDueJobs(database.db, { now: runAt });
    await mailbox.deliver(database.db, runAt);
    const [message, ...more] = await mailbox.messagesTo(me.email);
    expect(more).toHaveLength(0);
    expect(message?.subject).toBe('Rappel La Quotidienne : 1 échéance demain');
    for (const part of [message?.html ?? '', message?.text ?? '']) {
      // IR-DECL on 3 March (tomorrow, "sous réserve") and TVA-CA12 on 9 March (in 7 days).
      expect(part).toContain('Échéance IR-DECL (sous réserve)');
      expect(part).toContain('3 mars 2030');
      expect(part).toContain('Échéance TVA-CA12');
      expect(part).not.toContain('TVA-CA3');
    }
    // Nothing for a reader none of those deadlines concerns.
    expect(await mailbox.messagesTo(other.email)).toHaveLength(0);

    // The next day's run is queued; the same day run again sends nothing more.
    const queued = await database.db
      .select({ runAt: backgroundJobs.runAt })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.dedupeKey, '2030-03-03'));
    expect(queued.map((job) => job.runAt.toISOString())).toEqual(['2030-03-03T06:00:00.000Z']);
    const { sendAgendaReminders } = await import('@/server/personal-agenda/reminders');
    expect(await sendAgendaReminders(database.db, '2030-03-02')).toBe(0);
  });
});

describe('a deadline whose date moves', () => {
  it('raises the SEQUENCE in the feed and e-mails the readers it concerns', async () => {
    const me = await reader();
    await saveAgendaProfile(database.db, me.id, {
      trades: ['social'],
      sizeBand: '50-a-249',
      vatRegime: null,
      taxRegime: null,
      emailReminders: false,
    });
    const { url } = z.parse(agendaFeedAnswer, (await newFeed(me.cookie)).body);
    const created = await callAdmin<AdminArticle>(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: editor,
      body: articleBody({
        type: 'agenda',
        title: 'Déclaration sociale de test',
        event_date: '2030-04-15',
        trades: ['social'],
        additionalProperties: { agenda_tailles: '50-a-249,250-et-plus' },
      }),
    });
    expect(created.status).toBe(201);
    const article = adminArticleSchema.parse(created.body);
    const publish = (version: number) =>
      callAdmin<AdminArticle>(publishPost, {
        path: `/api/admin/articles/${article.id}/publish`,
        method: 'POST',
        caller: editor,
        body: { version },
        params: { id: article.id },
      });
    expect((await publish(1)).status).toBe(200);
    const uid = `UID:agenda-${article.id}@site.test`;
    const first = await (await readFeed(url)).text();
    expect(first).toContain(uid);
    expect(first).toMatch(new RegExp(`${uid}\\r?\\nSEQUENCE:0`));

    const moved = await callAdmin<AdminArticle>(articlePatch, {
      path: `/api/admin/articles/${article.id}`,
      method: 'PATCH',
      caller: editor,
      body: { version: 2, event_date: '2030-04-20' },
      params: { id: article.id },
    });
    expect(moved.status).toBe(200);
    expect((await publish(3)).status).toBe(200);
    const second = await (await readFeed(url)).text();
    expect(second).toMatch(new RegExp(`${uid}\\r?\\nSEQUENCE:1`));
    expect(second).toContain('DTSTART;VALUE=DATE:20300420');

    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(me.email);
    expect(message.subject).toBe('Échéance déplacée : Déclaration sociale de test');
    for (const part of [message.html ?? '', message.text ?? '']) {
      expect(part).toContain('15 avril 2030');
      expect(part).toContain('20 avril 2030');
    }
    const [profile] = await database.db
      .select({ feed: agendaProfiles.feedTokenHash })
      .from(agendaProfiles)
      .where(eq(agendaProfiles.customerId, me.id));
    expect(profile?.feed).toMatch(/^[0-9a-f]{64}$/);
  });
});
