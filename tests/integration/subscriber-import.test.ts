import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as importPost } from '@/app/api/admin/subscribers/import/route';
import { POST as resubscribePost } from '@/app/api/admin/subscribers/resubscribe/route';
import { POST as addPost } from '@/app/api/admin/subscribers/route';
import { subscriberAddAnswer, subscriberImportReport } from '@/lib/contracts/subscribers';
import type { Database } from '@/server/db/client';
import { auditLog, backgroundJobs, newsletterSubscribers } from '@/server/db/schema';
import { closeEmailTransports } from '@/server/email/transport';
import { confirmNewsletterSubscription } from '@/server/newsletter/subscriptions';
import { forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { insertSubscribers } from '../support/daily-issue';
import { createTestDatabase } from '../support/database';
import { linkIn, Mailbox } from '../support/mailbox';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

// Subscribers added by staff: one by hand, or a CSV checked first then imported as a whole. Nobody is subscribed
// without consent (a proof in the file, kept on the row, or the double opt-in e-mail through the outbox), and a
// former subscriber is never subscribed again by an import.

let database: Database;
let mailbox: Mailbox;
let editor: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  mailbox = await Mailbox.open();
  // Two confirmation e-mails a second: the third of an import starts one second after the first two.
  process.env.NEWSLETTER_RATE_PER_SECOND = '2';
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [editor, admin] = await Promise.all([
    createTestStaff(database.db, 'editeur'),
    createTestStaff(database.db, 'administrateur'),
  ]);
  await insertSubscribers(database.db, ['deja.abonne@example.fr'], ['parti@example.fr']);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  closeEmailTransports();
  await mailbox?.close();
  await database?.close();
});

async function importCsv(by: TestStaff, csv: string, mode: 'preview' | 'commit') {
  const response = await importPost(
    new Request(`${TEST_ORIGIN}/api/admin/subscribers/import?mode=${mode}`, {
      method: 'POST',
      headers: { host: new URL(TEST_ORIGIN).host, cookie: by.cookie, 'content-type': 'text/csv' },
      body: csv,
    }),
    { params: Promise.resolve({}) } as never,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function subscriberRow(email: string) {
  const [row] = await database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

async function confirmationJobs() {
  return database.db
    .select({ payload: backgroundJobs.payload, runAt: backgroundJobs.runAt })
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.kind, 'email.send'), eq(backgroundJobs.status, 'pending')))
    .orderBy(backgroundJobs.runAt);
}

const VALID = [
  'E-mail;Source consentement;Date consentement;Nom;Métier',
  'Salon.Compta@Example.fr;Salon de l’expertise comptable;14/03/2026;Jeanne Salon;comptable',
  'formulaire@example.fr;Formulaire papier;2026-02-01;;Fiscal',
  'sans.preuve1@example.fr;;;Paul Sans;',
  'sans.preuve2@example.fr;;;;',
  'sans.preuve3@example.fr;;;;social',
  'deja.abonne@example.fr;Salon;2026-01-10;;',
  'parti@example.fr;Salon;2026-01-10;;',
  'salon.compta@example.fr;;;;',
].join('\n');

describe('subscriber import', () => {
  it('previews a file without writing: counts, duplicates, known and former subscribers', async () => {
    const preview = await importCsv(admin, VALID, 'preview');
    expect(preview.status).toBe(200);
    const report = subscriberImportReport.parse(preview.body);
    expect(report).toMatchObject({
      committed: false,
      rows: 8,
      subscribed: 2,
      confirmationSent: 3,
      alreadySubscribed: [{ line: 7, email: 'deja.abonne@example.fr' }],
      unsubscribed: [{ line: 8, email: 'parti@example.fr' }],
      duplicates: [{ line: 9, email: 'salon.compta@example.fr' }],
      invalid: [],
    });
    expect(await subscriberRow('salon.compta@example.fr')).toBeUndefined();
    expect(await confirmationJobs()).toEqual([]);
  });

  it('refuses invalid rows with their line and French reasons, and imports nothing', async () => {
    const csv = [
      'email,source_consentement,date_consentement,metier',
      'bon@example.fr,,,',
      'pas-une-adresse,,,',
      'seule.source@example.fr,Salon,,',
      'futur@example.fr,Salon,2999-01-01,',
      'date.bizarre@example.fr,Salon,31/02/2026,',
      'metier@example.fr,,,astronaute',
      ',,,',
    ].join('\r\n');
    const preview = subscriberImportReport.parse((await importCsv(admin, csv, 'preview')).body);
    expect(preview.invalid).toEqual([
      { line: 3, reasons: ['adresse e-mail invalide'] },
      {
        line: 4,
        reasons: ['la source et la date du consentement vont ensemble : indiquez les deux ou aucune'],
      },
      { line: 5, reasons: ['date du consentement dans le futur'] },
      { line: 6, reasons: ['date du consentement invalide (AAAA-MM-JJ ou JJ/MM/AAAA)'] },
      { line: 7, reasons: [expect.stringMatching(/^métier inconnu \(valeurs possibles : fiscal, /)] },
      { line: 8, reasons: ['adresse e-mail manquante'] },
    ]);
    const refused = await importCsv(admin, csv, 'commit');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: {
        code: 'bad_request',
        message: '6 ligne(s) refusée(s) : rien n’a été importé. Corrigez le fichier puis recommencez.',
        details: expect.arrayContaining([{ field: 'ligne 3', message: 'adresse e-mail invalide' }]),
      },
    });
    expect(await subscriberRow('bon@example.fr')).toBeUndefined();
  });

  it('refuses a file past 2 MB or 10,000 rows, or without an email column, in French', async () => {
    const big = `email\n${'x'.repeat(2 * 1024 * 1024)}`;
    const tooBig = await importCsv(admin, big, 'preview');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({
      error: { message: 'Le fichier dépasse 2 Mo : découpez-le en plusieurs fichiers.' },
    });
    const manyRows = `email\n${Array.from({ length: 10_001 }, (_, index) => `a${index}@example.fr`).join('\n')}`;
    const tooMany = await importCsv(admin, manyRows, 'preview');
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({
      error: { message: 'Le fichier dépasse 10 000 lignes : découpez-le en plusieurs fichiers.' },
    });
    const noEmail = await importCsv(admin, 'nom,metier\nJeanne,fiscal', 'preview');
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({ error: { message: expect.stringMatching(/dont « email »/) } });
    expect((await importCsv(editor, VALID, 'preview')).status).toBe(403);
  });

  it('imports in one go: consent kept, double opt-in e-mails paced through the outbox, audited', async () => {
    const done = await importCsv(admin, VALID, 'commit');
    expect(done.status).toBe(200);
    expect(subscriberImportReport.parse(done.body)).toMatchObject({
      committed: true,
      subscribed: 2,
      confirmationSent: 3,
    });
    expect(await subscriberRow('salon.compta@example.fr')).toMatchObject({
      active: true,
      source: 'import',
      name: 'Jeanne Salon',
      trade: 'comptable',
      consentSource: 'Salon de l’expertise comptable',
      consentDate: '2026-03-14',
    });
    expect(await subscriberRow('formulaire@example.fr')).toMatchObject({ active: true, trade: 'fiscal' });
    // Without a proof: no row until the owner follows the link; the former subscriber stays unsubscribed.
    expect(await subscriberRow('sans.preuve1@example.fr')).toBeUndefined();
    expect(await subscriberRow('parti@example.fr')).toMatchObject({ active: false });

    const jobs = await confirmationJobs();
    expect(jobs.map((job) => (job.payload as { to: string }).to).sort()).toEqual([
      'sans.preuve1@example.fr',
      'sans.preuve2@example.fr',
      'sans.preuve3@example.fr',
    ]);
    const [first, , third] = jobs;
    expect((third?.runAt.getTime() ?? 0) - (first?.runAt.getTime() ?? 0)).toBeGreaterThanOrEqual(1_000);

    // Delivered by the job runner (a minute later: every paced e-mail is due), then confirmed by its owner.
    await mailbox.deliver(database.db, new Date(Date.now() + 60_000));
    const confirmation = await mailbox.lastTo('sans.preuve1@example.fr');
    expect(confirmation.subject).toMatch(/^Confirmez votre inscription à la newsletter/);
    const token = linkIn(confirmation, '/confirmation').searchParams.get('jeton') ?? '';
    await confirmNewsletterSubscription(database.db, token);
    expect(await subscriberRow('sans.preuve1@example.fr')).toMatchObject({ active: true });

    const [audit] = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'subscriber.import'));
    expect(audit?.details).toMatchObject({ rows: 8, subscribed: 2, confirmationSent: 3, unsubscribed: 1 });

    // The same file again: only the addresses still waiting for their confirmation are asked again.
    const again = await importCsv(admin, VALID, 'commit');
    expect(subscriberImportReport.parse(again.body)).toMatchObject({
      subscribed: 0,
      confirmationSent: 2,
      alreadySubscribed: [
        { line: 2, email: 'salon.compta@example.fr' },
        { line: 3, email: 'formulaire@example.fr' },
        { line: 4, email: 'sans.preuve1@example.fr' },
        { line: 7, email: 'deja.abonne@example.fr' },
      ],
    });
    const nothingNew = await importCsv(admin, 'email\nformulaire@example.fr', 'commit');
    expect(nothingNew.status).toBe(400);
    expect(nothingNew.body).toMatchObject({
      error: { message: 'Aucune nouvelle adresse dans ce fichier : rien à importer.' },
    });
  });
});

describe('one subscriber added by hand', () => {
  function add(body: unknown, by: TestStaff = admin) {
    return callAdmin(addPost, { path: '/api/admin/subscribers', method: 'POST', caller: by, body });
  }

  it('subscribes with a proof of consent, else sends the double opt-in e-mail; audited', async () => {
    const withProof = await add({
      email: 'Main.Levee@Example.fr',
      name: 'Main Levée',
      consentSource: 'Formulaire signé au salon',
      consentDate: '2026-11-02',
    });
    expect(withProof.status).toBe(201);
    expect(subscriberAddAnswer.parse(withProof.body)).toEqual({
      email: 'main.levee@example.fr',
      status: 'subscribed',
    });
    expect(await subscriberRow('main.levee@example.fr')).toMatchObject({
      active: true,
      consentSource: 'Formulaire signé au salon',
      consentDate: '2026-11-02',
    });

    const withoutProof = await add({ email: 'a.confirmer@example.fr' });
    expect(subscriberAddAnswer.parse(withoutProof.body).status).toBe('confirmation_sent');
    expect(await subscriberRow('a.confirmer@example.fr')).toBeUndefined();
    await mailbox.deliver(database.db, new Date(Date.now() + 60_000));
    expect((await mailbox.lastTo('a.confirmer@example.fr')).subject).toMatch(/^Confirmez votre inscription/);

    const audits = await database.db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.action, 'subscriber.add'));
    expect(audits.map((row) => row.targetId).sort()).toEqual([
      'a.confirmer@example.fr',
      'main.levee@example.fr',
    ]);
  });

  it('refuses a half proof, a known address, a former subscriber, and editors', async () => {
    const half = await add({ email: 'moitie@example.fr', consentSource: 'Salon' });
    expect(half.status).toBe(400);
    expect(half.body).toMatchObject({
      error: { message: 'la source et la date du consentement vont ensemble : indiquez les deux ou aucune' },
    });
    expect((await add({ email: 'deja.abonne@example.fr' })).status).toBe(409);
    const former = await add({
      email: 'parti@example.fr',
      consentSource: 'Salon',
      consentDate: '2026-01-10',
    });
    expect(former.status).toBe(409);
    expect(former.body).toMatchObject({ error: { message: expect.stringMatching(/« Réinscrire »/) } });
    expect(await subscriberRow('parti@example.fr')).toMatchObject({ active: false });
    expect((await add({ email: 'x@example.fr' }, editor)).status).toBe(403);
  });

  it('re-subscribes a former subscriber only through a new double opt-in e-mail', async () => {
    const answer = await callAdmin(resubscribePost, {
      path: '/api/admin/subscribers/resubscribe',
      method: 'POST',
      caller: admin,
      body: { email: 'parti@example.fr' },
    });
    expect(answer.status).toBe(200);
    expect(await subscriberRow('parti@example.fr')).toMatchObject({ active: false });
    await mailbox.deliver(database.db, new Date(Date.now() + 60_000));
    const confirmation = await mailbox.lastTo('parti@example.fr');
    await confirmNewsletterSubscription(
      database.db,
      linkIn(confirmation, '/confirmation').searchParams.get('jeton') ?? '',
    );
    expect(await subscriberRow('parti@example.fr')).toMatchObject({ active: true, unsubscribedAt: null });
  });
});
