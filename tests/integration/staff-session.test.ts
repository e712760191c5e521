import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as invitationPost } from '@/app/api/admin/invitation/route';
import {
  DELETE as sessionDelete,
  GET as sessionGet,
  POST as sessionPost,
} from '@/app/api/admin/session/route';
import { POST as totpPost, PUT as totpPut } from '@/app/api/admin/session/totp/route';
import { GET as setupGet, POST as setupPost } from '@/app/api/admin/setup/route';
import { POST as staffPost } from '@/app/api/admin/staff/route';
import { GET as meGet } from '@/app/api/eshop/me/route';
import { sessionAnswer, totpSetupAnswer } from '@/lib/contracts/admin';
import { INVALID_CREDENTIALS_MESSAGE } from '@/server/accounts/login';
import type { Database } from '@/server/db/client';
import { auditLog, backgroundJobs, staffMembers, staffSessions } from '@/server/db/schema';
import { logger } from '@/server/log';
import { STAFF_COOKIE } from '@/server/staff/auth';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, ensureDemoStaff, prepareNewsroom } from '@/server/staff/bootstrap';
import { deriveSecretKey, sealSecret } from '@/server/staff/secret-box';
import { STAFF_SIGN_IN_LIMITS, TOTP_REQUIRED_MESSAGE } from '@/server/staff/sign-in';
import { sealStoredTotpSecrets, TOTP_UNREADABLE_MESSAGE } from '@/server/staff/staff';
import { currentTotpCode, newTotpSecret } from '@/server/staff/totp';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import {
  type Caller,
  callAdmin,
  createTestStaff,
  TEST_STAFF_PASSWORD,
  type TestStaff,
} from '../support/newsroom';

let database: Database;
let editor: TestStaff;
let admin: TestStaff;
let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

function signIn(body: unknown, address = newAddress()) {
  return callAdmin<unknown>(sessionPost, {
    path: '/api/admin/session',
    method: 'POST',
    caller: { address },
    body,
  });
}

/** The staff cookie a sign-in answer set. */
function cookieOf(headers: Headers): string {
  const value = headers.get('set-cookie') ?? '';
  expect(value).toMatch(/HttpOnly; Secure; SameSite=Strict/);
  return value.split(';')[0] ?? '';
}

describe('first administrator', () => {
  it('without staff nor environment, prints a one-time setup token; setup needs it and works once', async () => {
    expect((await callAdmin(setupGet, { path: '/api/admin/setup' })).body).toEqual({ needed: true });
    const warn = vi.spyOn(logger, 'warn');
    expect(await prepareNewsroom(database.db)).toBe('setup-token');
    const logged = warn.mock.calls.map((args) => JSON.stringify(args)).join('\n');
    warn.mockRestore();
    const token = /jeton à usage unique : ([A-Za-z0-9_-]{43})/.exec(logged)?.[1];
    expect(token).toBeDefined();
    const body = { email: 'Admin@Redaction.test', name: 'Première Admin', password: TEST_STAFF_PASSWORD };
    const setup = (value: unknown) =>
      callAdmin(setupPost, {
        path: '/api/admin/setup',
        method: 'POST',
        caller: { address: newAddress() },
        body: value,
      });
    expect((await setup({ ...body, token: 'mauvais' })).status).toBe(404);
    const created = await setup({ ...body, token });
    expect(created.status).toBe(201);
    expect(sessionAnswer.parse(created.body).staff).toMatchObject({
      email: 'admin@redaction.test',
      role: 'administrateur',
    });
    expect((await setup({ ...body, email: 'autre@redaction.test', token })).status).toBe(404);
    expect((await callAdmin(setupGet, { path: '/api/admin/setup' })).body).toEqual({ needed: false });
    expect(await prepareNewsroom(database.db)).toBe('exists');
    editor = await createTestStaff(database.db, 'editeur');
    admin = await createTestStaff(database.db, 'administrateur');
  });
});

describe('sign-in', () => {
  it('opens a staff session with its own cookie, and records it', async () => {
    const answer = await signIn({ email: editor.email.toUpperCase(), password: editor.password });
    expect(answer.status).toBe(200);
    expect(sessionAnswer.parse(answer.body).staff.role).toBe('editeur');
    const cookie = cookieOf(answer.headers);
    expect(cookie.startsWith(`${STAFF_COOKIE}=`)).toBe(true);
    expect((await callAdmin(sessionGet, { path: '/api/admin/session', caller: { cookie } })).status).toBe(
      200,
    );
    // A staff session never reads as a reader.
    const me = await callHandler(meGet, '/api/eshop/me', { headers: { cookie } });
    expect(me.status).toBe(401);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'session.sign_in' and ${auditLog.staffId} = ${editor.id}`);
    expect(entry?.address).toMatch(/^198\.51\.100\./);
  });

  it('one answer for an unknown address and a wrong password; no enumeration', async () => {
    const unknown = await signIn({ email: 'personne@redaction.test', password: TEST_STAFF_PASSWORD });
    const wrong = await signIn({ email: editor.email, password: 'Pas-le-bon-mot-de-passe' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ error: { message: INVALID_CREDENTIALS_MESSAGE } });
    const failed = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.sign_in_failed'));
    expect(failed.length).toBeGreaterThanOrEqual(2);
  });

  it('locks an account out from an address after five failures (429 with Retry-After)', async () => {
    const address = newAddress();
    const limit = STAFF_SIGN_IN_LIMITS.failuresFromAddress.limit;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await signIn({ email: admin.email, password: 'Mauvais-mot-de-passe-1' }, address)).status).toBe(
        401,
      );
    }
    const refused = await signIn({ email: admin.email, password: admin.password }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address still signs in: the guesser locked out only themselves.
    expect((await signIn({ email: admin.email, password: admin.password })).status).toBe(200);
  });

  it('answers 400 with French messages for a malformed body', async () => {
    const answer = await signIn({ email: 'pas-une-adresse', password: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: { details: [{ field: 'email', message: 'adresse e-mail invalide' }, { field: 'password' }] },
    });
  });
});

describe('sessions', () => {
  it('end after inactivity, and sign-out everywhere ends them all', async () => {
    const first = cookieOf((await signIn({ email: admin.email, password: admin.password })).headers);
    const second = cookieOf((await signIn({ email: admin.email, password: admin.password })).headers);
    const get = (cookie: string) => callAdmin(sessionGet, { path: '/api/admin/session', caller: { cookie } });
    expect((await get(first)).status).toBe(200);
    const out = await callAdmin(sessionDelete, {
      path: '/api/admin/session',
      method: 'DELETE',
      caller: { cookie: first },
      query: { everywhere: 'true' },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await get(first)).status).toBe(401);
    expect((await get(second)).status).toBe(401);

    const idle = cookieOf((await signIn({ email: admin.email, password: admin.password })).headers);
    await database.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, admin.id));
    expect((await get(idle)).status).toBe(401);
  });

  it('move their end forward while in use, writing at most once a minute', async () => {
    const staff = await createTestStaff(database.db, 'redacteur');
    const get = () => callAdmin(sessionGet, { path: '/api/admin/session', caller: { cookie: staff.cookie } });
    const stored = async () => {
      const [row] = await database.db
        .select({ lastSeenAt: staffSessions.lastSeenAt, expiresAt: staffSessions.expiresAt })
        .from(staffSessions)
        .where(eq(staffSessions.staffId, staff.id));
      return row as { lastSeenAt: Date; expiresAt: Date };
    };
    // Last seen two minutes ago, ending in ten: a call moves the end to a full idle time from now.
    await database.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 120_000), expiresAt: new Date(Date.now() + 600_000) })
      .where(eq(staffSessions.staffId, staff.id));
    const moved = await get();
    expect(moved.status).toBe(200);
    const touched = await stored();
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(30_000);
    expect(touched.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    expect(sessionAnswer.parse(moved.body).expiresAt).toBe(touched.expiresAt.toISOString());
    // Within the minute: the session still opens, and nothing is written.
    const again = await get();
    expect(again.status).toBe(200);
    expect(await stored()).toEqual(touched);
    expect(sessionAnswer.parse(again.body).expiresAt).toBe(touched.expiresAt.toISOString());
  });
});

describe('two-factor authentication', () => {
  it('is set up with a code, then required at sign-in; a code works once', async () => {
    const staff = await createTestStaff(database.db, 'redacteur');
    const caller: Caller = { cookie: staff.cookie };
    const setup = totpSetupAnswer.parse(
      (await callAdmin(totpPost, { path: '/api/admin/session/totp', method: 'POST', caller })).body,
    );
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    const confirm = (code: string) =>
      callAdmin(totpPut, { path: '/api/admin/session/totp', method: 'PUT', caller, body: { code } });
    expect((await confirm('000000')).status).toBe(400);
    const now = Date.now();
    expect((await confirm(currentTotpCode(setup.secret, now))).status).toBe(204);

    const withoutCode = await signIn({ email: staff.email, password: staff.password });
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body).toMatchObject({ error: { message: TOTP_REQUIRED_MESSAGE } });
    // The code used to confirm is spent; the next period's code works, once.
    expect(
      (
        await signIn({
          email: staff.email,
          password: staff.password,
          totp: currentTotpCode(setup.secret, now),
        })
      ).status,
    ).toBe(401);
    const next = currentTotpCode(setup.secret, now + 30_000);
    expect((await signIn({ email: staff.email, password: staff.password, totp: next })).status).toBe(200);
    expect((await signIn({ email: staff.email, password: staff.password, totp: next })).status).toBe(401);
  });

  it('stores the secret encrypted, bound to its account', async () => {
    const staff = await createTestStaff(database.db, 'editeur');
    const caller: Caller = { cookie: staff.cookie };
    const setup = totpSetupAnswer.parse(
      (await callAdmin(totpPost, { path: '/api/admin/session/totp', method: 'POST', caller })).body,
    );
    const stored = await storedTotpSecret(staff.id);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(setup.secret);
    const now = Date.now();
    const confirmed = await callAdmin(totpPut, {
      path: '/api/admin/session/totp',
      method: 'PUT',
      caller,
      body: { code: currentTotpCode(setup.secret, now) },
    });
    expect(confirmed.status).toBe(204);
    const next = currentTotpCode(setup.secret, now + 30_000);
    expect((await signIn({ email: staff.email, password: staff.password, totp: next })).status).toBe(200);

    // The sealed secret copied onto another account does not open there: that sign-in fails (503, said in
    // French, logged for the operators).
    const other = await createTestStaff(database.db, 'redacteur');
    await database.db
      .update(staffMembers)
      .set({ totpSecret: stored, totpEnabledAt: new Date(), totpLastStep: null })
      .where(eq(staffMembers.id, other.id));
    const later = currentTotpCode(setup.secret, now + 60_000);
    const errorLog = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const refused = await signIn({ email: other.email, password: other.password, totp: later });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: { message: TOTP_UNREADABLE_MESSAGE } });
    expect(errorLog).toHaveBeenCalledWith(
      expect.objectContaining({ staffId: other.id }),
      'rédaction : secret de double authentification illisible',
    );
    errorLog.mockRestore();
  });

  it('encrypts at start the secrets an earlier version stored in clear, and they keep working', async () => {
    const staff = await createTestStaff(database.db, 'redacteur');
    const { secret } = newTotpSecret(staff.email);
    await database.db
      .update(staffMembers)
      .set({ totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: null })
      .where(eq(staffMembers.id, staff.id));
    const now = Date.now();
    // Read as it is until sealed.
    expect(
      (await signIn({ email: staff.email, password: staff.password, totp: currentTotpCode(secret, now) }))
        .status,
    ).toBe(200);

    // A secret sealed under another key is reported, not touched.
    const stranger = await createTestStaff(database.db, 'redacteur');
    const foreign = sealSecret(secret, 'ailleurs', deriveSecretKey(Buffer.alloc(32, 9), 'staff-totp-secret'));
    await database.db
      .update(staffMembers)
      .set({ totpSecret: foreign })
      .where(eq(staffMembers.id, stranger.id));

    const result = await sealStoredTotpSecrets(database.db);
    expect(result.sealed).toBeGreaterThanOrEqual(1);
    expect(result.otherKey).toBe(1);
    const stored = await storedTotpSecret(staff.id);
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain(secret);
    expect(await storedTotpSecret(stranger.id)).toBe(foreign);
    // Twice is once: nothing left in clear.
    expect((await sealStoredTotpSecrets(database.db)).sealed).toBe(0);
    const next = currentTotpCode(secret, now + 30_000);
    expect((await signIn({ email: staff.email, password: staff.password, totp: next })).status).toBe(200);
    await database.db.update(staffMembers).set({ totpSecret: null }).where(eq(staffMembers.id, stranger.id));
  });
});

async function storedTotpSecret(staffId: number): Promise<string> {
  const [row] = await database.db
    .select({ totpSecret: staffMembers.totpSecret })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffId));
  return row?.totpSecret ?? '';
}

describe('invitations', () => {
  it('an account created without a password gets an e-mail whose link sets it, once', async () => {
    const boss = await createTestStaff(database.db, 'administrateur');
    const created = await callAdmin(staffPost, {
      path: '/api/admin/staff',
      method: 'POST',
      caller: { cookie: boss.cookie },
      body: { email: 'nouvelle@redaction.test', name: 'Nouvelle Recrue', role: 'redacteur' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ passwordSet: false, role: 'redacteur' });
    const [job] = await database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.kind, 'email.send'));
    const payload = job?.payload as { to: string; text: string };
    expect(payload.to).toBe('nouvelle@redaction.test');
    const token = /#([A-Za-z0-9_-]{43})/.exec(payload.text)?.[1] ?? '';
    expect(token).not.toBe('');
    // Not signed in until the password is chosen.
    expect((await signIn({ email: 'nouvelle@redaction.test', password: TEST_STAFF_PASSWORD })).status).toBe(
      401,
    );
    const accept = (password: string) =>
      callAdmin(invitationPost, {
        path: '/api/admin/invitation',
        method: 'POST',
        caller: { address: newAddress() },
        body: { token, password },
      });
    expect((await accept('court')).status).toBe(400);
    expect((await accept(TEST_STAFF_PASSWORD)).status).toBe(200);
    expect((await accept(TEST_STAFF_PASSWORD)).status).toBe(404);
    expect((await signIn({ email: 'nouvelle@redaction.test', password: TEST_STAFF_PASSWORD })).status).toBe(
      200,
    );
    const duplicate = await callAdmin(staffPost, {
      path: '/api/admin/staff',
      method: 'POST',
      caller: { cookie: boss.cookie },
      body: { email: 'NOUVELLE@redaction.test', name: 'Doublon', role: 'editeur' },
    });
    expect(duplicate.status).toBe(409);
    const [row] = await database.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, 'nouvelle@redaction.test'));
    expect(row?.invitationTokenHash).toBeNull();
  });
});

describe('demo accounts in development', () => {
  it('one account per role, created once, whose printed credentials sign in', async () => {
    const lines = await ensureDemoStaff(database.db);
    expect(lines).toHaveLength(3);
    for (const member of DEMO_STAFF) {
      expect(lines.some((line) => line.includes(member.email) && line.includes(DEMO_STAFF_PASSWORD))).toBe(
        true,
      );
    }
    expect(await ensureDemoStaff(database.db)).toEqual(lines);
    const rows = await database.db
      .select({ role: staffMembers.role })
      .from(staffMembers)
      .where(sql`${staffMembers.email} like '%@demo.quotidienne.test'`);
    expect(rows.map((row) => row.role).sort()).toEqual(['administrateur', 'editeur', 'redacteur']);
    const [editorDemo] = DEMO_STAFF.filter((member) => member.role === 'editeur');
    const signedIn = await signIn({ email: editorDemo?.email, password: DEMO_STAFF_PASSWORD });
    expect(signedIn.status).toBe(200);
  });
});
