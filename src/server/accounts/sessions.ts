import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { COOKIE_DEFAULT_TTL_SECONDS, SESSION_HINT_COOKIE } from '@/lib/constants';
import type { Db } from '../db/client';
import { customers, sessions } from '../db/schema';

/** Name of the session cookie set at login (HttpOnly, Secure, SameSite=Lax). */
export const SESSION_COOKIE = 'quotidienne_session';

export type SessionCustomer = { id: number; email: string; firstname: string; lastname: string };

/** Only a hash of the token is stored: a copy of the sessions table does not let anyone log in. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session for a customer: a new random opaque token at each login. */
export async function createSession(
  db: Db,
  customerId: number,
  ttlSeconds: number = COOKIE_DEFAULT_TTL_SECONDS,
): Promise<{ token: string; expiresAt: Date; ttlSeconds: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), customerId, expiresAt });
  return { token, expiresAt, ttlSeconds };
}

/** The customer of a live session, or null for an unknown, malformed or expired token. */
export async function findSessionCustomer(
  db: Db,
  token: string | null | undefined,
): Promise<SessionCustomer | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstname: customers.firstname,
      lastname: customers.lastname,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Ends a session on the server (logout); an unknown token is simply ignored. */
export async function deleteSession(db: Db, token: string | null | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Removes expired sessions; cheap, called now and then by logins. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, new Date()));
}

/** The session token of a request: the `Authorization: Bearer` header (spec section 6) or the cookie. */
export function sessionTokenFrom(request: Request): string | null {
  const authorization = request.headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+([A-Za-z0-9_-]{1,200})$/)?.[1];
  if (bearer) return bearer;
  return readCookie(request.headers.get('cookie'), SESSION_COOKIE);
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The Set-Cookie value of a session: HttpOnly, Secure, SameSite=Lax, for the whole site. */
export function sessionCookieHeader(token: string, ttlSeconds: number = COOKIE_DEFAULT_TTL_SECONDS): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${ttlSeconds}; HttpOnly; Secure; SameSite=Lax`;
}

/** The Set-Cookie value that removes the session cookie (logout). */
export function clearedSessionCookieHeader(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;
}

/** The readable companion of a session cookie (SESSION_HINT_COOKIE), living as long; no secret in it. */
export function sessionHintCookieHeader(ttlSeconds: number = COOKIE_DEFAULT_TTL_SECONDS): string {
  return `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${ttlSeconds}; Secure; SameSite=Lax`;
}

/** The Set-Cookie value that removes the session hint (logout). */
export function clearedSessionHintCookieHeader(): string {
  return `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; Secure; SameSite=Lax`;
}
