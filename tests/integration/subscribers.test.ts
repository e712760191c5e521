import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as dailyGet } from '@/app/api/admin/subscribers/daily/route';
import { GET as exportGet } from '@/app/api/admin/subscribers/export/route';
import { GET as subscribersGet } from '@/app/api/admin/subscribers/route';
import { POST as unsubscribePost } from '@/app/api/admin/subscribers/unsubscribe/route';
import { subscriberDailyAnswer, subscriberListAnswer, subscriberSchema } from '@/lib/contracts/subscribers';
import { parisIsoDay } from '@/lib/dates';
import type { Database } from '@/server/db/client';
import { auditLog, newsletterSubscribers } from '@/server/db/schema';
import { forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;
let admin: TestStaff;
const today = new Date();
const yesterday = new Date(today.getTime() - 86_400_000);

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, editor, admin] = await Promise.all([
    createTestStaff(database.db, 'redacteur'),
    createTestStaff(database.db, 'editeur'),
    createTestStaff(database.db, 'administrateur'),
  ]);
  await database.db.insert(newsletterSubscribers).values([
    ...Array.from({ length: 60 }, (_, index) => ({
      email: `lecteur${String(index).padStart(2, '0')}@example.fr`,
      subscribedAt: index < 10 ? yesterday : today,
    })),
    { email: '=cmd@example.fr', source: 'registration', subscribedAt: today },
    { email: 'parti@example.fr', active: false, subscribedAt: yesterday, unsubscribedAt: today },
  ]);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

describe('newsletter subscribers in the newsroom', () => {
  it('lists, searches and filters by status, 50 a page, with the counts; editors only', async () => {
    expect(
      (await callAdmin(subscribersGet, { path: '/api/admin/subscribers', caller: journalist })).status,
    ).toBe(403);
    const first = subscriberListAnswer.parse(
      (await callAdmin(subscribersGet, { path: '/api/admin/subscribers', caller: editor })).body,
    );
    expect(first).toMatchObject({ total: 62, pageCount: 2, counts: { active: 61, inactive: 1 } });
    expect(first.items).toHaveLength(50);
    const search = subscriberListAnswer.parse(
      (
        await callAdmin(subscribersGet, {
          path: '/api/admin/subscribers',
          caller: editor,
          query: { q: 'lecteur0' },
        })
      ).body,
    );
    expect(search.items.map((item) => item.email)).toHaveLength(10);
    const inactive = subscriberListAnswer.parse(
      (
        await callAdmin(subscribersGet, {
          path: '/api/admin/subscribers',
          caller: editor,
          query: { status: 'inactive' },
        })
      ).body,
    );
    expect(inactive.items).toEqual([expect.objectContaining({ email: 'parti@example.fr', active: false })]);
    const bad = await callAdmin(subscribersGet, {
      path: '/api/admin/subscribers',
      caller: editor,
      query: { status: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('counts subscriptions and unsubscriptions by day', async () => {
    const answer = subscriberDailyAnswer.parse(
      (
        await callAdmin(dailyGet, {
          path: '/api/admin/subscribers/daily',
          caller: editor,
          query: { days: 3 },
        })
      ).body,
    );
    expect(answer.days.map((day) => day.day)).toHaveLength(3);
    const byDay = new Map(answer.days.map((day) => [day.day, day]));
    expect(byDay.get(parisIsoDay(today))).toMatchObject({ subscribed: 51, unsubscribed: 1 });
    expect(byDay.get(parisIsoDay(yesterday))).toMatchObject({ subscribed: 11, unsubscribed: 0 });
    expect(
      (
        await callAdmin(dailyGet, {
          path: '/api/admin/subscribers/daily',
          caller: editor,
          query: { days: 999 },
        })
      ).status,
    ).toBe(400);
  });

  it('unsubscribes one address (administrators), audited; the export is a CSV of everyone', async () => {
    const forbidden = await callAdmin(unsubscribePost, {
      path: '/api/admin/subscribers/unsubscribe',
      method: 'POST',
      caller: editor,
      body: { email: 'lecteur01@example.fr' },
    });
    expect(forbidden.status).toBe(403);
    const done = await callAdmin(unsubscribePost, {
      path: '/api/admin/subscribers/unsubscribe',
      method: 'POST',
      caller: admin,
      body: { email: 'Lecteur01@Example.fr' },
    });
    expect(done.status).toBe(200);
    expect(subscriberSchema.parse(done.body)).toMatchObject({ active: false });
    const unknown = await callAdmin(unsubscribePost, {
      path: '/api/admin/subscribers/unsubscribe',
      method: 'POST',
      caller: admin,
      body: { email: 'personne@example.fr' },
    });
    expect(unknown.status).toBe(404);

    const response = await exportGet(
      new Request(`${TEST_ORIGIN}/api/admin/subscribers/export`, {
        headers: { host: new URL(TEST_ORIGIN).host, cookie: admin.cookie },
      }),
      { params: Promise.resolve({}) } as never,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="abonnes-newsletter-/);
    const rows = parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(62);
    expect(rows.find((row) => row.email === 'lecteur01@example.fr')?.statut).toBe('desinscrit');
    // A cell a spreadsheet would run as a formula is kept as text.
    expect(rows.some((row) => row.email === "'=cmd@example.fr")).toBe(true);
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetType, 'subscriber'));
    expect(actions.map((row) => row.action).sort()).toEqual(['subscriber.export', 'subscriber.unsubscribe']);
  });
});
