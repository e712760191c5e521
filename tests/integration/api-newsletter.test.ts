import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as subscriptionPost } from '@/app/api/contentAlert/subscription/route';
import { POST as unsubscribePost } from '@/app/api/contentAlert/unsubscribe/route';
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE,
  UNSUBSCRIBE_MESSAGE,
} from '@/lib/contracts/newsletter-messages';
import { EMAIL_MESSAGE } from '@/lib/validation';
import { LIMITS } from '@/server/accounts/throttle';
import type { Database, Db } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { newsletterSubscribers } from '@/server/db/schema';
import { activateSubscription, confirmNewsletterSubscription } from '@/server/newsletter/subscriptions';
import { unsubscribeToken } from '@/server/newsletter/unsubscribe-token';
import { createTestDatabase } from '../support/database';
import { linkIn, Mailbox } from '../support/mailbox';

// The routes read the process-wide database through getDb(): point it at this file's test database.
const holder = vi.hoisted(() => ({ db: undefined as Db | undefined }));
vi.mock('@/server/db/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/server/db/client')>()),
  getDb: async () => {
    if (!holder.db) throw new Error('test database not open');
    return holder.db;
  },
}));

const SITE = 'http://site.test';

let database: Database;
let mailbox: Mailbox;
let addressCounter = 0;
function newAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

let emailCounter = 0;
function newEmail(): string {
  emailCounter += 1;
  return `lecteur.${emailCounter}.${Date.now()}@cabinet-conseil.fr`;
}

type Options = { address?: string; origin?: string; contentType?: string };

function post(path: string, body: string, options: Options = {}): Request {
  return new Request(`${SITE}/api${path}`, {
    method: 'POST',
    headers: {
      host: 'site.test',
      origin: options.origin ?? SITE,
      'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
      'x-forwarded-for': options.address ?? newAddress(),
    },
    body,
  });
}

function form(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

function subscribe(email: string, options: Options = {}) {
  return subscriptionPost(
    post('/contentAlert/subscription', form({ email, isSubscribing: 'true' }), options),
    undefined,
  );
}

function unsubscribe(email: string, options: Options & { token?: string } = {}) {
  const values: Record<string, string> = options.token ? { email, token: options.token } : { email };
  return unsubscribePost(post('/contentAlert/unsubscribe', form(values), options), undefined);
}

/** A confirmed subscriber (double opt-in done), for the tests that are not about confirming. */
async function confirmedSubscriber(email: string) {
  await activateSubscription(database.db, email, 'site');
}

async function subscriber(email: string) {
  const [row] = await database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

beforeAll(async () => {
  mailbox = await Mailbox.open();
  database = await createTestDatabase();
  holder.db = database.db;
});

afterAll(async () => {
  holder.db = undefined;
  await database?.close();
  await mailbox?.close();
});

describe('POST /api/contentAlert/subscription', () => {
  it('answers 200 and e-mails a confirmation link; the address is subscribed only once it is followed', async () => {
    const email = newEmail();
    const response = await subscribe(`  ${email.toUpperCase()} `);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'subscribed', message: NEWSLETTER_SUCCESS_MESSAGE });
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(await subscriber(email)).toBeUndefined();

    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(email);
    expect(message.subject).toBe('Confirmez votre inscription à la newsletter La Quotidienne');
    const link = linkIn(message, '/confirmation');
    expect(link.searchParams.get('type')).toBe('newsletter');
    await confirmNewsletterSubscription(database.db, link.searchParams.get('jeton') ?? '');
    expect(await subscriber(email)).toMatchObject({ active: true, source: 'site', unsubscribedAt: null });
    // Single use: the same link confirms nothing a second time.
    await expect(
      confirmNewsletterSubscription(database.db, link.searchParams.get('jeton') ?? ''),
    ).rejects.toThrow(/n’est plus valable/);
  });

  it('answers 209 for an address already confirmed, whatever its case, and e-mails nothing', async () => {
    const email = newEmail();
    await confirmedSubscriber(email);
    const again = await subscribe(email.toUpperCase());
    expect(again.status).toBe(209);
    expect(await again.json()).toEqual({ status: 'already', message: NEWSLETTER_ALREADY_MESSAGE });
    await mailbox.deliver(database.db);
    expect(await mailbox.messagesTo(email)).toHaveLength(0);
  });

  it('stores the token and queues its e-mail in one statement, and neither when refused or already active', async () => {
    const pending = async (email: string) => ({
      tokens: (
        await queryRows(
          database.db,
          sql`select 1 from account_tokens where email = ${email} and purpose = 'newsletter_confirmation'`,
        )
      ).length,
      emails: (
        await queryRows(
          database.db,
          sql`select 1 from background_jobs where kind = 'email.send' and payload->>'to' = ${email}`,
        )
      ).length,
    });
    const email = newEmail();
    const statements = vi.spyOn(database.db, 'execute');
    const transactions = vi.spyOn(database.db, 'transaction');
    try {
      expect((await subscribe(email)).status).toBe(200);
      // The rate-limit counters, the check of an active subscription, the token and the e-mail job.
      expect(statements).toHaveBeenCalledTimes(1);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      statements.mockRestore();
      transactions.mockRestore();
    }
    expect(await pending(email)).toEqual({ tokens: 1, emails: 1 });

    const active = newEmail();
    await confirmedSubscriber(active);
    expect((await subscribe(active)).status).toBe(209);
    expect(await pending(active)).toEqual({ tokens: 0, emails: 0 });

    const limited = newEmail();
    for (let call = 0; call < LIMITS.subscribeEmail.limit; call++) await subscribe(limited);
    expect(await pending(limited)).toEqual({
      tokens: LIMITS.subscribeEmail.limit,
      emails: LIMITS.subscribeEmail.limit,
    });
    expect((await subscribe(limited)).status).toBe(429);
    expect(await pending(limited)).toEqual({
      tokens: LIMITS.subscribeEmail.limit,
      emails: LIMITS.subscribeEmail.limit,
    });
  });

  it('asks a former subscriber to confirm again, with 200', async () => {
    const email = newEmail();
    await confirmedSubscriber(email);
    expect((await unsubscribe(email, { token: unsubscribeToken(email) })).status).toBe(200);
    expect(await subscriber(email)).toMatchObject({ active: false });
    expect((await subscribe(email)).status).toBe(200);
    expect(await subscriber(email)).toMatchObject({ active: false });
    await mailbox.deliver(database.db);
    const link = linkIn(await mailbox.lastTo(email), '/confirmation');
    await confirmNewsletterSubscription(database.db, link.searchParams.get('jeton') ?? '');
    expect(await subscriber(email)).toMatchObject({ active: true, unsubscribedAt: null });
  });

  it('takes isSubscribing as optional, JSON bodies too', async () => {
    const email = newEmail();
    const json = await subscriptionPost(
      post('/contentAlert/subscription', JSON.stringify({ email }), { contentType: 'application/json' }),
      undefined,
    );
    expect(json.status).toBe(200);
    const flag = await subscriptionPost(
      post('/contentAlert/subscription', JSON.stringify({ email: newEmail(), isSubscribing: true }), {
        contentType: 'application/json',
      }),
      undefined,
    );
    expect(flag.status).toBe(200);
    const upper = await subscriptionPost(
      post('/contentAlert/subscription', form({ email: newEmail(), isSubscribing: 'TRUE' })),
      undefined,
    );
    expect(upper.status).toBe(200);
  });

  it.each([
    ['missing', form({ isSubscribing: 'true' })],
    ['empty', form({ email: '', isSubscribing: 'true' })],
    ['invalid', form({ email: 'pas-une-adresse', isSubscribing: 'true' })],
    ['too long', form({ email: `${'a'.repeat(300)}@cabinet.fr`, isSubscribing: 'true' })],
    ['far too long', form({ email: `${'a'.repeat(5000)}@cabinet.fr` })],
    ['unicode', form({ email: 'zoé@cabinet.fr' })],
    ['SQL injection', form({ email: "x' OR '1'='1" })],
    ['SQL injection in a valid shape', form({ email: "a'; DROP TABLE newsletter_subscribers;--@x.fr" })],
    ['HTML injection', form({ email: '<script>alert(1)</script>@cabinet.fr' })],
    ['isSubscribing false', form({ email: 'valide@cabinet.fr', isSubscribing: 'false' })],
  ])('answers 400 for a %s address and stores nothing', async (_case, body) => {
    const before = await database.db.select().from(newsletterSubscribers);
    const response = await subscriptionPost(post('/contentAlert/subscription', body), undefined);
    expect(response.status).toBe(400);
    expect(await database.db.select().from(newsletterSubscribers)).toHaveLength(before.length);
  });

  it('answers 400 with the e-mail message and a wrong JSON type with 400', async () => {
    const invalid = await subscribe('pas-une-adresse');
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toBe(EMAIL_MESSAGE);
    const wrongType = await subscriptionPost(
      post('/contentAlert/subscription', JSON.stringify({ email: 42 }), { contentType: 'application/json' }),
      undefined,
    );
    expect(wrongType.status).toBe(400);
  });

  it('refuses a POST from a foreign origin with 403 and stores nothing', async () => {
    const email = newEmail();
    expect((await subscribe(email, { origin: 'https://evil.test' })).status).toBe(403);
    expect(await subscriber(email)).toBeUndefined();
  });

  it('limits calls per e-mail across addresses, with 429 and Retry-After', async () => {
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.subscribeEmail.limit; i += 1) statuses.push((await subscribe(email)).status);
    expect(statuses.slice(0, LIMITS.subscribeEmail.limit)).toEqual(
      Array(LIMITS.subscribeEmail.limit).fill(200),
    );
    const limited = await subscribe(email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits calls per client address', async () => {
    const address = newAddress();
    let last = 0;
    for (let i = 0; i <= LIMITS.subscribeAddress.limit; i += 1)
      last = (await subscribe(newEmail(), { address })).status;
    expect(last).toBe(429);
  });

  it('limits an IPv6 client per /64, whichever addresses of it the calls come from', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.subscribeAddress.limit; i += 1)
      statuses.push(
        (await subscribe(newEmail(), { address: `2001:db8:64:64::${(i + 1).toString(16)}` })).status,
      );
    expect(statuses.slice(0, LIMITS.subscribeAddress.limit).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another client.
    expect((await subscribe(newEmail(), { address: '2001:db8:64:65::1' })).status).toBe(200);
  });
});

describe('POST /api/contentAlert/unsubscribe', () => {
  it('with the signed token of our links: answers 200 with a text and deactivates the address', async () => {
    const email = newEmail();
    await confirmedSubscriber(email);
    const response = await unsubscribe(` ${email.toUpperCase()}`, { token: unsubscribeToken(email) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(UNSUBSCRIBE_MESSAGE);
    expect(await subscriber(email)).toMatchObject({ active: false });
  });

  it('without it: unsubscribes nobody, e-mails the signed link, and following it unsubscribes', async () => {
    const email = newEmail();
    await confirmedSubscriber(email);
    const response = await unsubscribe(email);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE);
    expect(await subscriber(email)).toMatchObject({ active: true });

    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(email);
    expect(message.subject).toBe('Confirmez votre désinscription de la newsletter La Quotidienne');
    const link = linkIn(message, '/unsubscribe/');
    expect(decodeURIComponent(link.pathname)).toBe(`/unsubscribe/${email}`);
    // The page posts the link's token, as the browser does.
    const followed = await unsubscribe(email, { token: link.searchParams.get('token') ?? '' });
    expect(await followed.text()).toBe(UNSUBSCRIBE_MESSAGE);
    expect(await subscriber(email)).toMatchObject({ active: false });
  });

  it('a forged token is no proof', async () => {
    const email = newEmail();
    await confirmedSubscriber(email);
    const response = await unsubscribe(email, { token: unsubscribeToken(newEmail()) });
    expect(await response.text()).toBe(UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE);
    expect(await subscriber(email)).toMatchObject({ active: true });
  });

  it('answers an unknown or already inactive address exactly like a subscribed one; only a subscriber is e-mailed', async () => {
    const known = newEmail();
    const unknown = newEmail();
    const former = newEmail();
    await confirmedSubscriber(known);
    await confirmedSubscriber(former);
    await unsubscribe(former, { token: unsubscribeToken(former) });
    await mailbox.deliver(database.db);
    const answers = [];
    for (const email of [known, unknown, former]) {
      const response = await unsubscribe(email);
      answers.push({
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await mailbox.deliver(database.db);
    expect(await mailbox.messagesTo(known)).toHaveLength(1);
    expect(await mailbox.messagesTo(unknown)).toHaveLength(0);
    expect(await mailbox.messagesTo(former)).toHaveLength(0);
  });

  it.each([
    ['missing', form({})],
    ['invalid', form({ email: 'pas-une-adresse' })],
    ['SQL injection', form({ email: "' OR 1=1--" })],
    ['HTML injection', form({ email: '<img src=x onerror=alert(1)>' })],
    ['far too long', form({ email: `${'a'.repeat(5000)}@cabinet.fr` })],
  ])('answers 400 for a %s address', async (_case, body) => {
    const response = await unsubscribePost(post('/contentAlert/unsubscribe', body), undefined);
    expect(response.status).toBe(400);
  });

  it('refuses a POST from a foreign origin with 403, leaving the subscription active', async () => {
    const email = newEmail();
    await confirmedSubscriber(email);
    expect(
      (await unsubscribe(email, { origin: 'https://evil.test', token: unsubscribeToken(email) })).status,
    ).toBe(403);
    expect(await subscriber(email)).toMatchObject({ active: true });
  });

  it('limits calls per e-mail with 429', async () => {
    const email = newEmail();
    let last = 0;
    for (let i = 0; i <= LIMITS.unsubscribeEmail.limit; i += 1) last = (await unsubscribe(email)).status;
    expect(last).toBe(429);
  });
});
