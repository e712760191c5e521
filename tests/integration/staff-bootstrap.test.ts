import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as sessionPost } from '@/app/api/admin/session/route';
import { sessionAnswer } from '@/lib/contracts/admin';
import { hashPassword } from '@/server/accounts/passwords';
import type { Database } from '@/server/db/client';
import { staffMembers } from '@/server/db/schema';
import { DEMO_STAFF, ensureDemoStaff, prepareNewsroom } from '@/server/staff/bootstrap';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { callAdmin } from '../support/newsroom';

// The newsroom's accounts at start in development, with the administrator of the environment set: the demo staff
// (created by `npm start` first) and that administrator both exist, and no password comes from the source.
const ADMIN = vi.hoisted(() => ({
  email: 'Chef@Redaction.test',
  password: 'Un-Administrateur-De-Test-2026',
}));

vi.mock('@/server/env', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/server/env')>();
  const config = original.parseEnv({
    ...process.env,
    APP_ENV: 'development',
    NEWSROOM_ADMIN_EMAIL: ADMIN.email,
    NEWSROOM_ADMIN_PASSWORD: ADMIN.password,
  });
  return { ...original, env: () => config };
});

let database: Database;
let addressCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

function signIn(email: string, password: string) {
  return callAdmin(sessionPost, {
    path: '/api/admin/session',
    method: 'POST',
    caller: { address: `203.0.113.${++addressCounter}` },
    body: { email, password },
  });
}

/** The credentials of a start log's line `  • role : email / password`. */
function credentialsOf(lines: string[], role: string): { email: string; password: string } {
  const line = lines.find((item) => item.includes(`• ${role} :`)) ?? '';
  const [, email = '', password = ''] = /: (\S+) \/ (\S+)$/.exec(line) ?? [];
  return { email, password };
}

describe('demo accounts in development', () => {
  it('get a new random password at each start, printed once, never one of the source', async () => {
    const first = await ensureDemoStaff(database.db);
    expect(first).toHaveLength(DEMO_STAFF.length);
    const editor = credentialsOf(first, 'editeur');
    expect(editor.email).toBe('editeur@demo.quotidienne.test');
    expect(editor.password.length).toBeGreaterThanOrEqual(16);
    expect(new Set(DEMO_STAFF.map((member) => credentialsOf(first, member.role).password)).size).toBe(3);
    expect((await signIn(editor.email, editor.password)).status).toBe(200);

    const second = await ensureDemoStaff(database.db);
    const renewed = credentialsOf(second, 'editeur');
    expect(renewed.password).not.toBe(editor.password);
    expect((await signIn(editor.email, editor.password)).status).toBe(401);
    expect((await signIn(renewed.email, renewed.password)).status).toBe(200);
    const rows = await database.db
      .select({ role: staffMembers.role })
      .from(staffMembers)
      .where(sql`${staffMembers.email} like '%@demo.quotidienne.test'`);
    expect(rows.map((row) => row.role).sort()).toEqual(['administrateur', 'editeur', 'redacteur']);
  });
});

describe('the administrator of NEWSROOM_ADMIN_EMAIL and NEWSROOM_ADMIN_PASSWORD', () => {
  it('is created even though demo staff exist, and signs in', async () => {
    expect(await prepareNewsroom(database.db)).toBe('created');
    const answer = await signIn(ADMIN.email, ADMIN.password);
    expect(answer.status).toBe(200);
    expect(sessionAnswer.parse(answer.body).staff).toMatchObject({
      email: 'chef@redaction.test',
      role: 'administrateur',
    });
    expect(await prepareNewsroom(database.db)).toBe('exists');
  });

  it('gets that password, the administrator role and an open account back at the next start', async () => {
    await database.db
      .update(staffMembers)
      .set({
        passwordHash: await hashPassword('Un-Autre-Mot-De-Passe-2026'),
        role: 'redacteur',
        active: false,
      })
      .where(eq(staffMembers.email, 'chef@redaction.test'));
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(401);
    expect(await prepareNewsroom(database.db)).toBe('updated');
    const answer = await signIn(ADMIN.email, ADMIN.password);
    expect(answer.status).toBe(200);
    expect(sessionAnswer.parse(answer.body).staff).toMatchObject({ role: 'administrateur', active: true });
  });
});
