import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as articlesGet } from '@/app/api/admin/articles/route';
import { GET as sessionGet } from '@/app/api/admin/session/route';
import { DELETE as totpDelete, POST as totpPost, PUT as totpPut } from '@/app/api/admin/session/totp/route';
import { sessionAnswer, totpSetupAnswer } from '@/lib/contracts/admin';
import type { Database } from '@/server/db/client';
import { staffMembers } from '@/server/db/schema';
import { TOTP_SETUP_REQUIRED_MESSAGE } from '@/server/staff/auth';
import { DEMO_STAFF, ensureDemoStaff } from '@/server/staff/bootstrap';
import { currentTotpCode } from '@/server/staff/totp';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { type Caller, callAdmin, createTestStaff } from '../support/newsroom';

// Issue 14 in production: TOTP "required for administrators when APP_ENV=production", and the demo accounts
// "never in production". The configuration of this file is a production one (its required secrets given); the
// rest of the suite runs as development.
vi.mock('@/server/env', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/server/env')>();
  const production = original.parseEnv({
    ...process.env,
    APP_ENV: 'production',
    NEWSLETTER_UNSUBSCRIBE_SECRET: 'p'.repeat(32),
    NEWSROOM_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
  });
  return { ...original, env: () => production };
});

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

describe('two-factor authentication in production', () => {
  it('an administrator without it can only set it up; once set up, works, and cannot turn it off', async () => {
    const admin = await createTestStaff(database.db, 'administrateur');
    const caller: Caller = { cookie: admin.cookie };
    const session = sessionAnswer.parse(
      (await callAdmin(sessionGet, { path: '/api/admin/session', caller })).body,
    );
    expect(session.totpSetupRequired).toBe(true);
    const refused = await callAdmin(articlesGet, { path: '/api/admin/articles', caller });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: TOTP_SETUP_REQUIRED_MESSAGE } });

    const setup = totpSetupAnswer.parse(
      (await callAdmin(totpPost, { path: '/api/admin/session/totp', method: 'POST', caller })).body,
    );
    const now = Date.now();
    const confirmed = await callAdmin(totpPut, {
      path: '/api/admin/session/totp',
      method: 'PUT',
      caller,
      body: { code: currentTotpCode(setup.secret, now) },
    });
    expect(confirmed.status).toBe(204);
    expect((await callAdmin(articlesGet, { path: '/api/admin/articles', caller })).status).toBe(200);

    const off = await callAdmin(totpDelete, {
      path: '/api/admin/session/totp',
      method: 'DELETE',
      caller,
      body: { code: currentTotpCode(setup.secret, now + 30_000) },
    });
    expect(off.status).toBe(403);
  });

  it('editors and journalists are not forced to', async () => {
    for (const role of ['editeur', 'redacteur'] as const) {
      const staff = await createTestStaff(database.db, role);
      const caller: Caller = { cookie: staff.cookie };
      const session = sessionAnswer.parse(
        (await callAdmin(sessionGet, { path: '/api/admin/session', caller })).body,
      );
      expect(session.totpSetupRequired).toBe(false);
      expect((await callAdmin(articlesGet, { path: '/api/admin/articles', caller })).status).toBe(200);
    }
  });
});

describe('demo accounts in production', () => {
  it('are never created, and no credentials are printed', async () => {
    expect(await ensureDemoStaff(database.db)).toEqual([]);
    const demo = await database.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(
        inArray(
          staffMembers.email,
          DEMO_STAFF.map((member) => member.email),
        ),
      );
    expect(demo).toEqual([]);
  });
});
