import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { GET as followGet, POST as followPost } from '@/app/api/account/rate-follows/route';
import { GET as adminTableGet } from '@/app/api/admin/rates/[id]/route';
import { POST as versionPost } from '@/app/api/admin/rates/[id]/versions/route';
import { GET as adminListGet } from '@/app/api/admin/rates/route';
import { GET as tableGet } from '@/app/api/rates/[id]/route';
import { GET as listGet } from '@/app/api/rates/route';
import { rateFollowAnswer, rateTableAnswer, rateTableListAnswer } from '@/lib/contracts/rate-tables';
import { adminRateTableAnswer, adminRateTableListAnswer } from '@/lib/contracts/rate-tables-admin';
import { hashPassword } from '@/server/accounts/passwords';
import { createSession } from '@/server/accounts/sessions';
import type { Database } from '@/server/db/client';
import { customers, rateTables, rateTableVersions } from '@/server/db/schema';
import { buildRateTables } from '@/server/seed/rate-tables';
import { callHandler, forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { MAIL_SITE_URL, Mailbox } from '../support/mailbox';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let mailbox: Mailbox;
let editor: TestStaff;
let writer: TestStaff;

beforeAll(async () => {
  mailbox = await Mailbox.open();
  database = await createTestDatabase();
  const seeded = buildRateTables();
  await database.db.insert(rateTables).values(seeded.tables);
  await database.db.insert(rateTableVersions).values(seeded.versions);
  editor = await createTestStaff(database.db, 'editeur');
  writer = await createTestStaff(database.db, 'redacteur');
  useDatabaseForRoutes(database);
});
afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
  await mailbox?.close();
});

async function readerCookie(email: string): Promise<string> {
  const [customer] = await database.db
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
  const { token } = await createSession(database.db, customer?.id ?? 0);
  return `quotidienne_session=${token}`;
}

describe('GET /api/rates', () => {
  it('lists every table with its page and the date of the values in force', async () => {
    const answer = await callHandler(listGet, '/api/rates');
    expect(answer.status).toBe(200);
    const { items } = z.parse(rateTableListAnswer, answer.body);
    expect(items.length).toBeGreaterThanOrEqual(10);
    const mileage = items.find((item) => item.id === 'bareme-kilometrique-voitures');
    expect(mileage).toEqual({
      id: 'bareme-kilometrique-voitures',
      title: 'Barème kilométrique des voitures',
      path: '/chiffres-taux/tableaux/bareme-kilometrique-voitures',
      effectiveFrom: '2023-01-01',
    });
  });
});

describe('GET /api/rates/{id}', () => {
  it('answers the table with its columns and every version, oldest first', async () => {
    const answer = await callHandler(tableGet, '/api/rates/bareme-impot-revenu', {
      params: { id: 'bareme-impot-revenu' },
    });
    expect(answer.status).toBe(200);
    const table = z.parse(rateTableAnswer, answer.body);
    expect(table.columns.map((column) => column.unit ?? null)).toEqual([null, '€', '€', '%']);
    expect(table.versions.map((version) => version.effectiveFrom)).toEqual(['2024-01-01', '2025-01-01']);
    expect(table.versions[1]?.rows[1]).toEqual(['Deuxième tranche', 11_498, 29_315, 11]);
    expect(table.versions[1]?.source).toMatch(/finances pour 2025/);
  });

  it('exports every version as CSV, or the one in force on a day ("valeur au")', async () => {
    const all = await callHandler(tableGet, '/api/rates/smic', {
      params: { id: 'smic' },
      query: { format: 'csv' },
    });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const records = parseCsv(all.text) as string[][];
    expect(records[0]).toEqual(['En vigueur depuis', 'Base légale', 'Montant', 'Valeur brute (€)']);
    expect(records.slice(1).map((record) => [record[0], record[2], record[3]])).toEqual([
      ['2026-01-01', 'Horaire brut', '12.02'],
      ['2026-01-01', 'Mensuel brut (35 heures, 151,67 heures)', '1823.07'],
      ['2024-11-01', 'Horaire brut', '11.88'],
      ['2024-11-01', 'Mensuel brut (35 heures, 151,67 heures)', '1801.84'],
      ['2024-01-01', 'Horaire brut', '11.65'],
      ['2024-01-01', 'Mensuel brut (35 heures, 151,67 heures)', '1766.96'],
    ]);
    const onDay = await callHandler(tableGet, '/api/rates/smic', {
      params: { id: 'smic' },
      query: { format: 'csv', date: '2024-06-30' },
    });
    const dayRecords = parseCsv(onDay.text) as string[][];
    expect(dayRecords.slice(1).map((record) => record[3])).toEqual(['11.65', '1766.96']);
  });

  it('refuses a bad id or date and answers 404 for a table that does not exist', async () => {
    expect((await callHandler(tableGet, '/api/rates/x', { params: { id: 'Pas Bon' } })).status).toBe(400);
    expect(
      (
        await callHandler(tableGet, '/api/rates/smic', {
          params: { id: 'smic' },
          query: { date: '2024-02-30' },
        })
      ).status,
    ).toBe(400);
    const missing = await callHandler(tableGet, '/api/rates/inconnu', { params: { id: 'inconnu' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { message: 'Tableau introuvable.' } });
  });
});

describe('following a table and publishing a version', () => {
  it('publishes a new version without touching the older ones, and e-mails the readers who follow it', async () => {
    const email = `suivi.${Date.now()}@cabinet.fr`;
    const cookie = await readerCookie(email);
    const follow = (following: boolean, headers: Record<string, string> = { cookie }) =>
      callHandler(followPost, '/api/account/rate-follows', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ tableId: 'titres-restaurant', following }),
      });
    expect((await follow(true, {})).status).toBe(401);
    expect(z.parse(rateFollowAnswer, (await follow(true)).body)).toEqual({
      tableId: 'titres-restaurant',
      following: true,
    });
    const state = await callHandler(followGet, '/api/account/rate-follows', {
      query: { tableId: 'titres-restaurant' },
      headers: { cookie },
    });
    expect(state.body).toEqual({ tableId: 'titres-restaurant', following: true });

    const version = {
      effectiveFrom: '2026-01-01',
      source: 'Code général des impôts, art. 81, 19° ; limite revalorisée pour 2026',
      rows: [['Contribution patronale exonérée par titre', 7.32]],
    };
    const refused = await callAdmin(versionPost, {
      path: '/api/admin/rates/titres-restaurant/versions',
      method: 'POST',
      caller: { cookie: writer.cookie },
      params: { id: 'titres-restaurant' },
      body: version,
    });
    expect(refused.status).toBe(403);
    const published = await callAdmin(versionPost, {
      path: '/api/admin/rates/titres-restaurant/versions',
      method: 'POST',
      caller: { cookie: editor.cookie },
      params: { id: 'titres-restaurant' },
      body: version,
    });
    expect(published.status).toBe(201);
    const history = adminRateTableAnswer.parse(published.body);
    expect(history.versions.map((entry) => entry.effectiveFrom)).toEqual([
      '2026-01-01',
      '2025-01-01',
      '2024-01-01',
    ]);
    expect(history.versions[0]?.differences).toEqual([
      {
        label: 'Contribution patronale exonérée par titre',
        kind: 'changed',
        cells: [{ column: 'Montant', before: 7.26, after: 7.32 }],
      },
    ]);
    expect(history.followers).toBe(1);

    // The same date again is refused: a version is never written over.
    const again = await callAdmin(versionPost, {
      path: '/api/admin/rates/titres-restaurant/versions',
      method: 'POST',
      caller: { cookie: editor.cookie },
      params: { id: 'titres-restaurant' },
      body: { ...version, rows: [['Contribution patronale exonérée par titre', 9]] },
    });
    expect(again.status).toBe(409);
    const table = z.parse(
      rateTableAnswer,
      (await callHandler(tableGet, '/api/rates/titres-restaurant', { params: { id: 'titres-restaurant' } }))
        .body,
    );
    expect(table.versions.map((entry) => entry.rows[0]?.[1])).toEqual([7.18, 7.26, 7.32]);

    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(email);
    expect(message.subject).toBe(
      'Titres-restaurant : limite d’exonération : nouvelles valeurs au 1er janvier 2026',
    );
    for (const part of [message.html ?? '', message.text ?? '']) {
      expect(part).toContain('7,26\u00a0€');
      expect(part).toContain('7,32\u00a0€');
      expect(part).toContain(`${MAIL_SITE_URL}/chiffres-taux/tableaux/titres-restaurant`);
    }
  });

  it('refuses a version whose rows do not fit the table, and lists the tables for the newsroom', async () => {
    const bad = await callAdmin(versionPost, {
      path: '/api/admin/rates/smic/versions',
      method: 'POST',
      caller: { cookie: editor.cookie },
      params: { id: 'smic' },
      body: { effectiveFrom: '2027-01-01', source: 'Décret', rows: [['Horaire brut']] },
    });
    expect(bad.status).toBe(400);
    const list = await callAdmin(adminListGet, {
      path: '/api/admin/rates',
      caller: { cookie: writer.cookie },
    });
    const smic = adminRateTableListAnswer.parse(list.body).items.find((item) => item.id === 'smic');
    expect(smic).toEqual({
      id: 'smic',
      title: 'Salaire minimum de croissance (Smic)',
      latestEffectiveFrom: '2026-01-01',
      versionCount: 3,
    });
    const one = await callAdmin(adminTableGet, {
      path: '/api/admin/rates/smic',
      caller: { cookie: writer.cookie },
      params: { id: 'smic' },
    });
    expect(one.status).toBe(200);
  });
});
