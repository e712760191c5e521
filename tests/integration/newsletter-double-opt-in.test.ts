import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as campaignGet } from '@/app/api/admin/newsletters/[id]/route';
import { POST as sendPost } from '@/app/api/admin/newsletters/[id]/send/route';
import { POST as createPost } from '@/app/api/admin/newsletters/route';
import { campaignSchema } from '@/lib/contracts/newsletter-campaigns';
import { confirmAccountEmail } from '@/server/accounts/confirmations';
import { registerCustomer } from '@/server/accounts/registration';
import type { Database } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { closeEmailTransports } from '@/server/email/transport';
import { countJobs } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { confirmNewsletterSubscription, subscribe } from '@/server/newsletter/subscriptions';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { insertArticles, insertIssue, insertSubscribers } from '../support/daily-issue';
import { createTestDatabase } from '../support/database';
import { linkIn, Mailbox } from '../support/mailbox';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

/**
 * Newsletter campaigns (decision 015) reach only the addresses whose owners followed a confirmation link (double
 * opt-in, issue 19): an address asked for from the newsletter block or at registration, not yet confirmed, is
 * never sent an issue.
 */

const PASSWORD = 'Cl@ire-Compta-2024';
const CONFIRMED_BEFORE = 'deja.confirme@example.fr';
const FROM_BLOCK = 'bloc.newsletter@example.fr';
const FROM_REGISTRATION = 'inscription.compte@example.fr';
const NEWSLETTER_SENDER = 'newsletter@site.test';

let database: Database;
let mailbox: Mailbox;
let editor: TestStaff;
let counter = 0;

function context() {
  counter += 1;
  return { address: `198.51.100.${counter}`, userAgent: 'Mozilla/5.0 Firefox/140.0' };
}

beforeAll(async () => {
  mailbox = await Mailbox.open();
  process.env.NEWSLETTER_FROM = `La Quotidienne <${NEWSLETTER_SENDER}>`;
  process.env.NEWSLETTER_RATE_PER_SECOND = '200';
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  editor = await createTestStaff(database.db, 'editeur', 'Dominique Chef');
  await database.db
    .insert(jobs)
    .values({ id: 'expertComptable', label: 'Expert-comptable', slug: 'expert-comptable' });
  await insertIssue(database.db, '2026-11-20', await insertArticles(database.db, 'a', 2, '2026-11-20'));
  await insertIssue(database.db, '2026-11-21', await insertArticles(database.db, 'b', 2, '2026-11-21'));
  await insertSubscribers(database.db, [CONFIRMED_BEFORE]);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  closeEmailTransports();
  await mailbox?.close();
  await database?.close();
});

/** Creates the campaign of a day's issue, sends it now and runs the job runner until it is sent. */
async function sendCampaign(date: string): Promise<void> {
  const created = await callAdmin(createPost, {
    path: '/api/admin/newsletters',
    method: 'POST',
    caller: editor,
    body: { date },
  });
  expect(created.status).toBe(201);
  const { id } = campaignSchema.parse(created.body);
  const on = { path: `/api/admin/newsletters/${id}`, caller: editor, params: { id: String(id) } };
  expect((await callAdmin(sendPost, { ...on, method: 'POST', body: {} })).status).toBe(200);
  for (let round = 0; round < 20; round += 1) {
    await runDueJobs(database.db);
    if ((await countJobs(database.db, ['newsletter.campaign'])).pending === 0) break;
  }
  const sent = campaignSchema.parse((await callAdmin(campaignGet, { ...on, method: 'GET' })).body);
  expect(sent.status).toBe('sent');
}

/** The newsletter issues (not the confirmation e-mails, sent from another address) an address received. */
async function issuesReceived(address: string): Promise<number> {
  const messages = await mailbox.messagesTo(address);
  return messages.filter((message) => message.from?.address === NEWSLETTER_SENDER).length;
}

describe('newsletter campaigns and double opt-in', () => {
  it('send nothing to addresses waiting for confirmation, and reach them once they confirm', async () => {
    expect(await subscribe(database.db, FROM_BLOCK, context())).toBe('subscribed');
    const registered = await registerCustomer(
      database.db,
      {
        civility: '14',
        lastname: 'Martin',
        firstname: 'Claire',
        email: FROM_REGISTRATION,
        password: PASSWORD,
        confirmed: PASSWORD,
        function: 'expertComptable',
        optin: 'O',
      },
      context(),
    );
    expect(registered.success).toBe(true);
    await mailbox.deliver(database.db);

    await sendCampaign('2026-11-20');
    expect(await issuesReceived(CONFIRMED_BEFORE)).toBe(1);
    expect(await issuesReceived(FROM_BLOCK)).toBe(0);
    expect(await issuesReceived(FROM_REGISTRATION)).toBe(0);

    const blockLink = linkIn(await mailbox.lastTo(FROM_BLOCK), '/confirmation');
    await confirmNewsletterSubscription(database.db, blockLink.searchParams.get('jeton') ?? '');
    const accountLink = linkIn(await mailbox.lastTo(FROM_REGISTRATION), '/confirmation');
    expect(await confirmAccountEmail(database.db, accountLink.searchParams.get('jeton') ?? '')).toMatchObject(
      {
        newsletter: true,
      },
    );

    await sendCampaign('2026-11-21');
    expect(await issuesReceived(CONFIRMED_BEFORE)).toBe(2);
    expect(await issuesReceived(FROM_BLOCK)).toBe(1);
    expect(await issuesReceived(FROM_REGISTRATION)).toBe(1);
  });
});
