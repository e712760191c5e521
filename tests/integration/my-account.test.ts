import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { GET as exportGet } from '@/app/(site)/mon-compte/donnees/route';
import { GET as savedGet, POST as savedPost } from '@/app/api/account/savedArticles/route';
import { ACCOUNT_FORM_MESSAGES } from '@/lib/contracts/accounts';
import { savedArticleAnswer } from '@/lib/contracts/saved-articles';
import {
  changePassword,
  deleteAccount,
  exportAccountData,
  getAccountProfile,
  updateProfile,
  WRONG_PASSWORD_MESSAGE,
} from '@/server/accounts/account';
import { setAlertPreferences } from '@/server/accounts/alerts';
import { setAccountNewsletter } from '@/server/accounts/confirmations';
import { authenticate } from '@/server/accounts/login';
import { hashPassword } from '@/server/accounts/passwords';
import { findSession, findSessionCustomer } from '@/server/accounts/sessions';
import type { Database } from '@/server/db/client';
import {
  articles,
  backgroundJobs,
  customers,
  jobs,
  newsletterSubscribers,
  savedArticles,
  sessions,
  topics,
} from '@/server/db/schema';
import { queueEmail } from '@/server/email/outbox';
import { callHandler, forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';

const PASSWORD = 'Cl@ire-Compta-2024';
const NEW_PASSWORD = 'N0uveau-Mot-de-Passe!';
const TOPIC = 'EBX:EFL_Themes:Fiscal';

let database: Database;
let counter = 0;

function context() {
  counter += 1;
  return { address: `198.51.100.${counter}`, userAgent: 'Mozilla/5.0 Firefox/140.0' };
}

async function newCustomer(): Promise<{ id: number; email: string }> {
  counter += 1;
  const email = `lecteur.${counter}@cabinet.fr`;
  const [row] = await database.db
    .insert(customers)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      civility: 13,
      firstname: 'Jean',
      lastname: 'Dupont',
      function: 'expertComptable',
      emailConfirmedAt: new Date(),
    })
    .returning({ id: customers.id });
  return { id: row?.id ?? 0, email };
}

async function login(email: string, password = PASSWORD) {
  const session = await authenticate(database.db, email, password, context());
  const found = await findSession(database.db, session.token);
  return { token: session.token, hash: found?.tokenHash ?? '' };
}

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  await database.db
    .insert(jobs)
    .values({ id: 'expertComptable', label: 'Expert-comptable', slug: 'expert-comptable' });
  await database.db.insert(topics).values({ id: TOPIC, shortId: 'T1', label: 'Fiscal', slug: 'fiscal' });
  await database.db.insert(articles).values({
    id: 'A1',
    type: 'actualite',
    slug: 'loi-de-finances',
    title: 'Loi de finances',
    summary: 'Les mesures.',
    publicationDate: new Date('2026-11-20T08:00:00Z'),
    topicIds: [TOPIC],
  });
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

describe('profile', () => {
  it('saves civility, names and function with the rules of registration', async () => {
    const { id } = await newCustomer();
    expect(
      await updateProfile(database.db, id, {
        civility: '16',
        lastname: ' Durand ',
        firstname: 'Marie',
        function: 'expertComptable',
      }),
    ).toEqual([]);
    expect(await getAccountProfile(database.db, id)).toMatchObject({ civility: 16, lastname: 'Durand' });
    const errors = await updateProfile(database.db, id, {
      civility: '99',
      lastname: '<script>',
      firstname: '',
      function: 'inconnu',
    });
    expect(errors.map((error) => error.field)).toEqual(['civility', 'lastname', 'firstname', 'function']);
    expect(errors[0]).toMatchObject({
      code: 'invalid_civility',
      message: ACCOUNT_FORM_MESSAGES.invalid_civility,
    });
    expect(errors[1]).toMatchObject({
      code: 'name_characters',
      message: ACCOUNT_FORM_MESSAGES.name_characters,
    });
    expect(await getAccountProfile(database.db, id)).toMatchObject({ civility: 16, lastname: 'Durand' });
  });
});

describe('password change', () => {
  it('needs the current password, and ends every other session but this one', async () => {
    const { id, email } = await newCustomer();
    const mine = await login(email);
    const other = await login(email);
    await expect(
      changePassword(database.db, id, mine.hash, {
        current: 'faux',
        password: NEW_PASSWORD,
        confirmed: NEW_PASSWORD,
      }),
    ).rejects.toThrow(WRONG_PASSWORD_MESSAGE);
    await expect(
      changePassword(database.db, id, mine.hash, {
        current: PASSWORD,
        password: NEW_PASSWORD,
        confirmed: 'autre',
      }),
    ).rejects.toThrow('Les mots de passe ne sont pas identiques.');
    await changePassword(database.db, id, mine.hash, {
      current: PASSWORD,
      password: NEW_PASSWORD,
      confirmed: NEW_PASSWORD,
    });
    expect(await findSessionCustomer(database.db, mine.token)).not.toBeNull();
    expect(await findSessionCustomer(database.db, other.token)).toBeNull();
    await expect(login(email)).rejects.toThrow();
    await expect(login(email, NEW_PASSWORD)).resolves.toBeTruthy();
  });
});

describe('"Enregistrer"', () => {
  it('saves and removes an article for the logged-in reader only', async () => {
    const { email } = await newCustomer();
    const { token } = await login(email);
    const cookie = `quotidienne_session=${token}`;
    const post = (body: unknown, headers: Record<string, string> = { cookie }) =>
      callHandler(savedPost, '/api/account/savedArticles', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect((await post({ articleId: 'A1', saved: true }, {})).status).toBe(401);
    expect((await post({ articleId: 'A1', saved: true })).body).toEqual({ articleId: 'A1', saved: true });
    expect((await post({ articleId: 'A1', saved: true })).status).toBe(200);
    const read = await callHandler(savedGet, '/api/account/savedArticles', {
      query: { articleId: 'A1' },
      headers: { cookie },
    });
    // The answer the browser parses with its contract (src/client/saved-articles.ts).
    expect(z.parse(savedArticleAnswer, read.body)).toEqual({ articleId: 'A1', saved: true });
    expect((await post({ articleId: 'inconnu', saved: true })).status).toBe(404);
    expect((await post({ articleId: '../x', saved: true })).status).toBe(400);
    expect((await post({ articleId: 'A1', saved: 'peut-être' })).status).toBe(400);
    expect((await post({ articleId: 'A1', saved: false })).body).toEqual({ articleId: 'A1', saved: false });
  });
});

describe('the newsletter choice under Mon compte', () => {
  const subscription = async (email: string) =>
    (await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

  it('subscribes a confirmed address at once and stops it without more', async () => {
    const { id, email } = await newCustomer();
    expect(await setAccountNewsletter(database.db, id, true)).toBe('subscribed');
    expect(await subscription(email)).toMatchObject({ active: true });
    expect(await setAccountNewsletter(database.db, id, false)).toBe('unsubscribed');
    expect(await subscription(email)).toMatchObject({ active: false });
  });

  it('sends the confirmation link to an address not yet confirmed, and subscribes nothing until then', async () => {
    const { id, email } = await newCustomer();
    await database.db.update(customers).set({ emailConfirmedAt: null }).where(eq(customers.id, id));
    expect(await setAccountNewsletter(database.db, id, true)).toBe('confirmation_sent');
    expect((await subscription(email))?.active ?? false).toBe(false);
    const queued = await database.db
      .select()
      .from(backgroundJobs)
      .where(sql`${backgroundJobs.payload}->>'to' = ${email}`);
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued[0]?.payload)).toContain('newsletter');
  });

  it('an account never confirmed neither sees nor changes its address’s subscription: mailed links only', async () => {
    // Someone registers with a subscriber's address, without its mailbox.
    const { id, email } = await newCustomer();
    await database.db.update(customers).set({ emailConfirmedAt: null }).where(eq(customers.id, id));
    await database.db.insert(newsletterSubscribers).values({ email });
    expect(await getAccountProfile(database.db, id)).toMatchObject({
      emailConfirmed: false,
      newsletter: null,
    });
    const { hash } = await login(email);
    const exported = await exportAccountData(database.db, id, hash);
    expect(exported.newsletter).toBeNull();
    expect(exported.account.newsletter).toBeNull();

    // Stopping only e-mails the signed stop link to the address, as for an anonymous visitor.
    expect(await setAccountNewsletter(database.db, id, false)).toBe('unsubscribe_confirmation_sent');
    expect(await subscription(email)).toMatchObject({ active: true });
    const mailed = await database.db
      .select({ payload: backgroundJobs.payload })
      .from(backgroundJobs)
      .where(sql`${backgroundJobs.payload}->>'to' = ${email}`);
    expect(mailed.map((job) => (job.payload as { category: string }).category)).toEqual([
      'newsletter-unsubscribe',
    ]);
    // Nobody subscribed: the same answer, nothing mailed.
    const other = await newCustomer();
    await database.db.update(customers).set({ emailConfirmedAt: null }).where(eq(customers.id, other.id));
    expect(await setAccountNewsletter(database.db, other.id, false)).toBe('unsubscribe_confirmation_sent');
    expect(
      await database.db.$count(backgroundJobs, sql`${backgroundJobs.payload}->>'to' = ${other.email}`),
    ).toBe(0);

    // Deleting the account leaves the subscriber, and what is queued for the address, alone.
    await deleteAccount(database.db, id, PASSWORD);
    expect(await getAccountProfile(database.db, id)).toBeNull();
    expect(await subscription(email)).toMatchObject({ active: true });
    expect(await database.db.$count(backgroundJobs, sql`${backgroundJobs.payload}->>'to' = ${email}`)).toBe(
      1,
    );
  });

  it('answers 404 for an account that no longer exists', async () => {
    await expect(setAccountNewsletter(database.db, 999_999, true)).rejects.toMatchObject({ status: 404 });
  });
});

describe('"Télécharger mes données" and "Supprimer mon compte"', () => {
  it('exports everything held about the reader, without the password hash', async () => {
    const { id, email } = await newCustomer();
    const { token } = await login(email);
    await database.db.insert(newsletterSubscribers).values({ email });
    await setAlertPreferences(database.db, id, 'weekly', [TOPIC]);
    await database.db.insert(savedArticles).values({ customerId: id, articleId: 'A1' });

    expect((await callHandler(exportGet, '/mon-compte/donnees')).status).toBe(401);
    const answer = await callHandler<Record<string, unknown>>(exportGet, '/mon-compte/donnees', {
      headers: { cookie: `quotidienne_session=${token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="mes-donnees-la-quotidienne-/,
    );
    expect(answer.body).toMatchObject({
      account: { email, firstname: 'Jean', lastname: 'Dupont', civilityLabel: 'Monsieur', newsletter: true },
      newsletter: { email, active: true },
      alerts: { frequency: 'weekly', topicIds: [TOPIC] },
      agenda: null,
      rateTablesFollowed: [],
      savedArticles: [{ id: 'A1', title: 'Loi de finances', path: '/actualite/loi-de-finances_A1' }],
      sessions: [{ userAgent: 'Mozilla/5.0 Firefox/140.0', current: true }],
    });
    expect(answer.text).not.toContain('argon2');
    expect(answer.text).not.toContain(token);
  });

  it('deletes the account with its password only: personal data erased and the newsletter ended', async () => {
    const { id, email } = await newCustomer();
    const { token } = await login(email);
    await database.db.insert(newsletterSubscribers).values({ email });
    await setAlertPreferences(database.db, id, 'daily', [TOPIC]);
    await database.db.insert(savedArticles).values({ customerId: id, articleId: 'A1' });

    await expect(deleteAccount(database.db, id, 'faux')).rejects.toThrow(WRONG_PASSWORD_MESSAGE);
    expect(await getAccountProfile(database.db, id)).not.toBeNull();

    await queueEmail(database.db, {
      to: email,
      subject: 'Vos alertes',
      html: '<p>x</p>',
      text: 'x',
      category: 'test',
    });
    await deleteAccount(database.db, id, PASSWORD);
    expect(
      await database.db.select().from(backgroundJobs).where(sql`${backgroundJobs.payload}->>'to' = ${email}`),
    ).toEqual([]);
    expect(await getAccountProfile(database.db, id)).toBeNull();
    expect(await findSessionCustomer(database.db, token)).toBeNull();
    expect(
      await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    ).toEqual([]);
    expect(await database.db.select().from(savedArticles).where(eq(savedArticles.customerId, id))).toEqual(
      [],
    );
    expect(await database.db.select().from(sessions).where(eq(sessions.customerId, id))).toEqual([]);
  });
});
