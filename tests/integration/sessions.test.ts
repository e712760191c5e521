import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearedSessionCookieHeader,
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findSessionCustomer,
  SESSION_COOKIE,
  sessionCookieHeader,
  sessionTokenFrom,
} from '@/server/accounts/sessions';
import type { Database } from '@/server/db/client';
import { customers, sessions } from '@/server/db/schema';
import { createTestDatabase } from '../support/database';

let database: Database;
let customerId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = await database.db
    .insert(customers)
    .values({
      email: 'claire.martin@cabinet-martin.fr',
      passwordHash: 'not-used-here',
      civility: 14,
      firstname: 'Claire',
      lastname: 'Martin',
      function: 'expertComptable',
    })
    .returning({ id: customers.id });
  customerId = row?.id ?? 0;
});

afterAll(async () => {
  await database.close();
});

describe('sessions', () => {
  it('finds the customer of a live session, by token only', async () => {
    const { token } = await createSession(database.db, customerId);
    expect(await findSessionCustomer(database.db, token)).toMatchObject({
      firstname: 'Claire',
      lastname: 'Martin',
    });
    expect(await findSessionCustomer(database.db, `${token}x`)).toBeNull();
    expect(await findSessionCustomer(database.db, '')).toBeNull();
  });

  it('stores a hash, never the token itself', async () => {
    const { token } = await createSession(database.db, customerId);
    const stored = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
  });

  it('gives a new token at each login', async () => {
    const first = await createSession(database.db, customerId);
    const second = await createSession(database.db, customerId);
    expect(first.token).not.toBe(second.token);
  });

  it('ignores an expired session and deletes it on clean-up', async () => {
    const { token } = await createSession(database.db, customerId, -1);
    expect(await findSessionCustomer(database.db, token)).toBeNull();
    await deleteExpiredSessions(database.db);
    const left = await database.db.select().from(sessions);
    expect(left.every((s) => s.expiresAt > new Date())).toBe(true);
  });

  it('ends a session on logout', async () => {
    const { token } = await createSession(database.db, customerId);
    await deleteSession(database.db, token);
    expect(await findSessionCustomer(database.db, token)).toBeNull();
  });
});

describe('session cookie and header', () => {
  it('sets an HttpOnly, Secure, SameSite=Lax cookie of 3600 s by default', () => {
    const header = sessionCookieHeader('abc');
    expect(header).toBe(`${SESSION_COOKIE}=abc; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=Lax`);
    expect(clearedSessionCookieHeader()).toContain('Max-Age=0');
  });

  it('reads the token from a Bearer header first, then from the cookie', () => {
    const withBoth = new Request('http://site.test/api/eshop/me', {
      headers: { authorization: 'Bearer tok-en_1', cookie: `a=b; ${SESSION_COOKIE}=from-cookie` },
    });
    expect(sessionTokenFrom(withBoth)).toBe('tok-en_1');
    const withCookie = new Request('http://site.test/', {
      headers: { cookie: `${SESSION_COOKIE}=from-cookie; c=d` },
    });
    expect(sessionTokenFrom(withCookie)).toBe('from-cookie');
    expect(sessionTokenFrom(new Request('http://site.test/'))).toBeNull();
    const malformed = new Request('http://site.test/', { headers: { authorization: "Bearer ' OR 1=1 --" } });
    expect(sessionTokenFrom(malformed)).toBeNull();
  });
});
