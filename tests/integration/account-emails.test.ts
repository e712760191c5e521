import { and, eq, gt, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as oneClickStop } from '@/app/(site)/mon-compte/alertes/arret/un-clic/route';
import { alertDigestJob, sendAlertDigests } from '@/server/accounts/alert-digests';
import { getAlertPreferences, setAlertPreferences } from '@/server/accounts/alerts';
import {
  confirmAccountEmail,
  confirmEmailChange,
  requestEmailChange,
  setAccountNewsletter,
} from '@/server/accounts/confirmations';
import { authenticate } from '@/server/accounts/login';
import {
  INVALID_RESET_LINK_MESSAGE,
  passwordResetJob,
  requestPasswordReset,
  resetPassword,
} from '@/server/accounts/password-reset';
import { registerCustomer } from '@/server/accounts/registration';
import { findSessionCustomer } from '@/server/accounts/sessions';
import { tokenIsUsable } from '@/server/accounts/tokens';
import type { Database } from '@/server/db/client';
import {
  accountTokens,
  articles,
  backgroundJobs,
  customers,
  jobs,
  newsletterSubscribers,
  topics,
} from '@/server/db/schema';
import { countJobs } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { subscribe } from '@/server/newsletter/subscriptions';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { findFreePort } from '../support/free-port';
import { linkIn, MAIL_SITE_URL, Mailbox } from '../support/mailbox';
import { TestSmtpServer } from '../support/smtp-server';

const PASSWORD = 'Cl@ire-Compta-2024';
const NEW_PASSWORD = 'N0uveau-Mot-de-Passe!';
const TOPIC = 'EBX:EFL_Themes:Fiscal';
const THEMATIC = 'EBX:EFL_Themes:Tva';

let database: Database;
let mailbox: Mailbox;
let counter = 0;

function context() {
  counter += 1;
  return { address: `192.0.2.${counter}`, userAgent: 'Mozilla/5.0 Firefox/140.0' };
}

function newEmail(): string {
  counter += 1;
  return `lectrice.${counter}.${Date.now()}@cabinet-conseil.fr`;
}

/** Registers a reader through the web form's server function; answers the account's id. */
async function register(email: string, optin: 'O' | 'N' = 'N'): Promise<number> {
  const outcome = await registerCustomer(
    database.db,
    {
      civility: '14',
      lastname: 'Martin',
      firstname: 'Claire',
      email,
      password: PASSWORD,
      confirmed: PASSWORD,
      function: 'expertComptable',
      optin,
    },
    context(),
  );
  if (!outcome.success) throw new Error(JSON.stringify(outcome.errors));
  const [row] = await database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, email));
  return row?.id ?? 0;
}

async function customer(id: number) {
  const [row] = await database.db.select().from(customers).where(eq(customers.id, id));
  return row;
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
  useDatabaseForRoutes(database);
  await database.db
    .insert(jobs)
    .values({ id: 'expertComptable', label: 'Expert-comptable', slug: 'expert-comptable' });
  await database.db.insert(topics).values([
    { id: TOPIC, shortId: 'T1', label: 'Fiscal', slug: 'fiscal' },
    { id: THEMATIC, shortId: 'T2', label: 'TVA', slug: 'tva', parentId: TOPIC },
  ]);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
  await mailbox?.close();
});

describe('registration: confirming the address', () => {
  it('e-mails a link that confirms the address once, and starts the newsletter asked for', async () => {
    const email = newEmail();
    const id = await register(email, 'O');
    expect((await customer(id))?.emailConfirmedAt).toBeNull();
    expect(await subscriber(email)).toBeUndefined();

    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(email);
    expect(message.subject).toBe('Confirmez votre adresse e-mail – La Quotidienne');
    expect(message.text).toContain('Bonjour Claire,');
    expect(message.text).toContain(
      'Votre inscription à la newsletter prendra effet avec cette confirmation.',
    );
    const link = linkIn(message, '/confirmation');
    expect(link.origin).toBe(MAIL_SITE_URL);
    expect(link.searchParams.get('type')).toBe('compte');
    const token = link.searchParams.get('jeton') ?? '';

    expect(await confirmAccountEmail(database.db, token)).toEqual({ email, newsletter: true });
    expect((await customer(id))?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await subscriber(email)).toMatchObject({ active: true, source: 'registration' });
    await expect(confirmAccountEmail(database.db, token)).rejects.toThrow(/n’est plus valable/);
  });

  it('stores only a hash of the token', async () => {
    const email = newEmail();
    await register(email);
    await mailbox.deliver(database.db);
    const token = linkIn(await mailbox.lastTo(email), '/confirmation').searchParams.get('jeton') ?? '';
    const stored = await database.db.select({ hash: accountTokens.tokenHash }).from(accountTokens);
    expect(stored.map((row) => row.hash)).not.toContain(token);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
  });
});

describe('"Mot de passe oublié ?"', () => {
  it('e-mails a one-hour link; following it sets the password, ends every session and lets the reader log in', async () => {
    const email = newEmail();
    const id = await register(email);
    const before = await authenticate(database.db, email, PASSWORD, context());

    await requestPasswordReset(database.db, email.toUpperCase(), context());
    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(email);
    expect(message.subject).toBe('Réinitialisation de votre mot de passe La Quotidienne');
    expect(message.text).toContain('valable une heure');
    const link = linkIn(message, '/mot-de-passe-oublie/nouveau');
    const token = link.searchParams.get('jeton') ?? '';
    expect(await tokenIsUsable(database.db, 'password_reset', token)).toBe(true);

    await resetPassword(database.db, token, { password: NEW_PASSWORD, confirmed: NEW_PASSWORD }, context());
    expect(await findSessionCustomer(database.db, before.token)).toBeNull();
    await expect(authenticate(database.db, email, PASSWORD, context())).rejects.toThrow();
    expect((await authenticate(database.db, email, NEW_PASSWORD, context())).user.firstname).toBe('Claire');
    expect((await customer(id))?.emailConfirmedAt).toBeInstanceOf(Date);

    // Single use.
    await expect(
      resetPassword(database.db, token, { password: PASSWORD, confirmed: PASSWORD }, context()),
    ).rejects.toThrow(INVALID_RESET_LINK_MESSAGE);
  });

  it('answers an unknown address exactly like a known one, and e-mails nobody', async () => {
    const unknown = newEmail();
    await expect(requestPasswordReset(database.db, unknown, context())).resolves.toBeUndefined();
    await mailbox.deliver(database.db);
    expect(await mailbox.messagesTo(unknown)).toHaveLength(0);
  });

  it('does the same work for an unknown address as for a known one: one queued job, nothing more', async () => {
    const known = newEmail();
    await register(known);
    await mailbox.deliver(database.db);
    const unknown = newEmail();
    const queued = async (email: string) => {
      const [last] = await database.db.select({ id: max(backgroundJobs.id) }).from(backgroundJobs);
      await requestPasswordReset(database.db, email, context());
      const newJobs = await database.db
        .select({ kind: backgroundJobs.kind, payload: backgroundJobs.payload })
        .from(backgroundJobs)
        .where(gt(backgroundJobs.id, last?.id ?? 0));
      const tokens = await database.db.$count(
        accountTokens,
        and(eq(accountTokens.email, email), eq(accountTokens.purpose, 'password_reset')),
      );
      return { newJobs, tokens };
    };
    expect(await queued(known)).toEqual({
      newJobs: [{ kind: passwordResetJob.kind, payload: { email: known } }],
      tokens: 0,
    });
    expect(await queued(unknown)).toEqual({
      newJobs: [{ kind: passwordResetJob.kind, payload: { email: unknown } }],
      tokens: 0,
    });
    // The job does the rest: the link reaches the account's address only.
    await mailbox.deliver(database.db);
    expect(
      linkIn(await mailbox.lastTo(known), '/mot-de-passe-oublie/nouveau').searchParams.get('jeton'),
    ).toBeTruthy();
    expect(await mailbox.messagesTo(unknown)).toHaveLength(0);
  });

  it('refuses an expired link, and a newer link replaces the older one', async () => {
    const email = newEmail();
    await register(email);
    await requestPasswordReset(database.db, email, context());
    await requestPasswordReset(database.db, email, context());
    await mailbox.deliver(database.db);
    const resets = (await mailbox.messagesTo(email)).filter((m) => m.subject?.startsWith('Réinit'));
    expect(resets).toHaveLength(2);
    const tokens = resets.map(
      (message) => linkIn(message, '/mot-de-passe-oublie/nouveau').searchParams.get('jeton') ?? '',
    );
    // The two may leave in either order: one link works, the older one no longer does.
    const usable = [];
    for (const token of tokens) usable.push(await tokenIsUsable(database.db, 'password_reset', token));
    expect(usable.filter(Boolean)).toHaveLength(1);
    const newer = tokens[usable.indexOf(true)] ?? '';

    await database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.email, email));
    await expect(
      resetPassword(database.db, newer, { password: NEW_PASSWORD, confirmed: NEW_PASSWORD }, context()),
    ).rejects.toThrow(INVALID_RESET_LINK_MESSAGE);
  });

  it('refuses a weak new password without using the link', async () => {
    const email = newEmail();
    await register(email);
    await requestPasswordReset(database.db, email, context());
    await mailbox.deliver(database.db);
    const token =
      linkIn(await mailbox.lastTo(email), '/mot-de-passe-oublie/nouveau').searchParams.get('jeton') ?? '';
    await expect(
      resetPassword(database.db, token, { password: 'court', confirmed: 'court' }, context()),
    ).rejects.toThrow(/au moins 8 caractères/);
    expect(await tokenIsUsable(database.db, 'password_reset', token)).toBe(true);
  });
});

describe('change of address', () => {
  it('asks the password, e-mails the new address, and moves the account and its newsletter once followed', async () => {
    const email = newEmail();
    const id = await register(email);
    await database.db.update(customers).set({ emailConfirmedAt: new Date() }).where(eq(customers.id, id));
    expect(await setAccountNewsletter(database.db, id, true)).toBe('subscribed');
    const target = newEmail();

    await expect(requestEmailChange(database.db, id, target, 'mauvais')).rejects.toThrow(
      'Le mot de passe actuel est incorrect.',
    );
    await requestEmailChange(database.db, id, target, PASSWORD);
    expect((await customer(id))?.email).toBe(email);

    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(target);
    expect(message.subject).toBe('Confirmez votre nouvelle adresse e-mail – La Quotidienne');
    const link = linkIn(message, '/confirmation');
    expect(link.searchParams.get('type')).toBe('adresse');
    expect(await confirmEmailChange(database.db, link.searchParams.get('jeton') ?? '')).toEqual({
      email: target,
      newsletter: true,
    });
    expect((await customer(id))?.email).toBe(target);
    expect(await subscriber(email)).toBeUndefined();
    expect(await subscriber(target)).toMatchObject({ active: true });
  });

  it('says nothing about an address that has an account, and sends it nothing', async () => {
    const taken = newEmail();
    await register(taken);
    const email = newEmail();
    const id = await register(email);
    await mailbox.deliver(database.db);
    const before = (await mailbox.messagesTo(taken)).length;
    await expect(requestEmailChange(database.db, id, taken, PASSWORD)).resolves.toBeUndefined();
    await mailbox.deliver(database.db);
    expect(await mailbox.messagesTo(taken)).toHaveLength(before);
  });
});

describe('alert digests', () => {
  it('e-mails the new articles of the chosen topics, titles and summaries only, with a one-click stop', async () => {
    const email = newEmail();
    const id = await register(email);
    await database.db.update(customers).set({ emailConfirmedAt: new Date() }).where(eq(customers.id, id));
    await setAlertPreferences(database.db, id, 'daily', [THEMATIC]);
    const publishedAt = new Date(Date.now() + 60_000);
    await database.db.insert(articles).values([
      {
        id: `A${id}`,
        type: 'actualite',
        slug: 'tva-sur-les-acomptes',
        title: 'TVA sur les acomptes : ce qui change',
        summary: 'Le régime des acomptes est précisé.',
        bodyHtml: '<p>textereserveauxabonnes</p>',
        bodyText: 'textereserveauxabonnes',
        publicationDate: publishedAt,
        topicIds: [TOPIC, THEMATIC],
      },
      {
        id: `B${id}`,
        type: 'actualite',
        slug: 'paie',
        title: 'Un article social',
        summary: 'Hors des thèmes suivis.',
        publicationDate: publishedAt,
        topicIds: ['EBX:EFL_Themes:Social'],
      },
    ]);

    const later = new Date(Date.now() + 120_000);
    expect(await sendAlertDigests(database.db, 'daily', later)).toBe(1);
    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(email);
    expect(message.subject).toBe('Vos alertes La Quotidienne : 1 nouvelle actualité');
    expect(message.text).toContain('TVA sur les acomptes : ce qui change');
    expect(message.text).toContain('Le régime des acomptes est précisé.');
    expect(message.text).not.toContain('Un article social');
    expect(message.html).not.toContain('textereserveauxabonnes');
    expect(linkIn(message, '/actualite/').pathname).toBe(`/actualite/tva-sur-les-acomptes_A${id}`);

    // Each article once: the next run has nothing new.
    expect(await sendAlertDigests(database.db, 'daily', new Date(Date.now() + 180_000))).toBe(0);

    const header = message.headers.find((h) => h.key === 'list-unsubscribe')?.value ?? '';
    const oneClick = new URL(header.replace(/^<|>$/g, ''));
    expect(oneClick.pathname).toBe('/mon-compte/alertes/arret/un-clic');
    expect(message.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe(
      'List-Unsubscribe=One-Click',
    );
    const forged = new URL(oneClick);
    forged.searchParams.set('client', String(id + 1));
    const post = (url: URL) =>
      oneClickStop(
        new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        }),
      );
    expect((await post(forged)).status).toBe(403);
    const stopped = await post(oneClick);
    expect(stopped.status).toBe(200);
    expect(await getAlertPreferences(database.db, id)).toBeNull();
  });

  it('sends nothing to an address not confirmed, and the job queues its next run', async () => {
    const email = newEmail();
    const id = await register(email);
    await setAlertPreferences(database.db, id, 'weekly', [TOPIC]);
    await database.db.insert(articles).values({
      id: `C${id}`,
      type: 'actualite',
      slug: 'fiscal',
      title: 'Actualité fiscale',
      publicationDate: new Date(Date.now() + 1000),
      topicIds: [TOPIC],
    });
    expect(await sendAlertDigests(database.db, 'weekly', new Date(Date.now() + 5000))).toBe(0);

    const before = (await countJobs(database.db, [alertDigestJob.kind])).pending;
    const { scheduleAlertDigest } = await import('@/server/accounts/alert-digests');
    await scheduleAlertDigest(database.db, 'weekly');
    await scheduleAlertDigest(database.db, 'weekly');
    expect((await countJobs(database.db, [alertDigestJob.kind])).pending).toBe(before + 1);
  });
});

describe('an SMTP outage', () => {
  it('never fails the reader’s request: the e-mail waits and leaves when the server is back', async () => {
    const down = new TestSmtpServer();
    const port = await findFreePort();
    const previous = process.env.SMTP_URL;
    const { env } = await import('@/server/env');
    const config = env() as { SMTP_URL?: string };
    config.SMTP_URL = `smtp://127.0.0.1:${port}`;
    try {
      const email = newEmail();
      expect(await subscribe(database.db, email, context())).toBe('subscribed');
      const first = await runDueJobs(database.db);
      expect(first.retried).toBeGreaterThan(0);
      await down.start(port);
      await runDueJobs(database.db, { now: new Date(Date.now() + 3_600_000) });
      expect(down.countFor(email)).toBe(1);
    } finally {
      config.SMTP_URL = previous;
      await down.stop();
    }
  });
});
