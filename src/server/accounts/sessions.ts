import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { COOKIE_DEFAULT_TTL_SECONDS, SESSION_HINT_COOKIE } from '@/lib/constants';
import type { Db } from '../db/client';
import { customers, sessions } from '../db/schema';

/** Name of the session cookie set at login (HttpOnly, Secure, SameSite=Lax). */
export const SESSION_COOKIE = 'quotidienne_session';

export type SessionCustomer = { id: number; email: string; firstname: string; lastname: string };

/** "Rester connecté": a session of 30 days whose token is replaced as it is used. */
export const REMEMBER_TTL_SECONDS = 30 * 24 * 3600;
/** However often it is used, a remembered session ends this long after its sign-in: the password is asked again. */
export const REMEMBER_MAX_SECONDS = 90 * 24 * 3600;
/** A session's expiry and last use are written at most this often (not at every request). */
const RENEW_AFTER_SECONDS = 5 * 60;
/** A remembered session's token is replaced when it is older than this. */
const ROTATE_AFTER_SECONDS = 10 * 60;
/** The replaced token still works this long: requests sent in parallel with the rotating one carry it. */
const ROTATION_GRACE_SECONDS = 60;
const USER_AGENT_MAX_LENGTH = 300;

/** Only a hash of the token is stored: a copy of the sessions table does not let anyone log in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export type SessionOptions = { remember?: boolean; userAgent?: string };

/** Opens a session for a customer: a new random opaque token at each login. */
export async function createSession(
  db: Db,
  customerId: number,
  ttlSeconds: number = COOKIE_DEFAULT_TTL_SECONDS,
  options: SessionOptions = {},
): Promise<OpenedSession> {
  const session = sessionInsert(customerId, ttlSeconds, options);
  await db.execute(session.insert);
  return session;
}

type OpenedSession = { token: string; expiresAt: Date; ttlSeconds: number };

/** A new session as a statement, for a caller that sends it with its own writes (a login, in one round trip). */
export function sessionInsert(
  customerId: number,
  ttlSeconds: number = COOKIE_DEFAULT_TTL_SECONDS,
  options: SessionOptions = {},
): OpenedSession & { insert: SQL } {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const userAgent = (options.userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH);
  return {
    token,
    expiresAt,
    ttlSeconds,
    insert: sql`insert into ${sessions} (token_hash, customer_id, expires_at, remember, user_agent)
      values (${hashToken(token)}, ${customerId}::int, ${expiresAt.toISOString()}::timestamptz,
        ${options.remember ?? false}::boolean, ${userAgent})`,
  };
}

/** A live session's row for a token: its current token, or the one it replaced less than a minute ago. */
function liveSession(hash: string) {
  return and(
    or(
      eq(sessions.tokenHash, hash),
      and(eq(sessions.previousTokenHash, hash), gt(sessions.previousValidUntil, sql`now()`)),
    ),
    gt(sessions.expiresAt, sql`now()`),
  );
}

/** The customer of a live session, or null for an unknown, malformed or expired token. */
export async function findSessionCustomer(
  db: Db,
  token: string | null | undefined,
): Promise<SessionCustomer | null> {
  const found = await findSession(db, token);
  return found?.customer ?? null;
}

export type FoundSession = {
  customer: SessionCustomer;
  /** The stored hash of the session's current token (its id). */
  tokenHash: string;
  /** The token given was the current one (not one replaced a moment ago). */
  current: boolean;
  remember: boolean;
  lastUsedAt: Date;
  rotatedAt: Date;
};

/** A live session with its customer, or null. */
export async function findSession(db: Db, token: string | null | undefined): Promise<FoundSession | null> {
  if (!token || token.length > 200) return null;
  const hash = hashToken(token);
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstname: customers.firstname,
      lastname: customers.lastname,
      tokenHash: sessions.tokenHash,
      remember: sessions.remember,
      lastUsedAt: sessions.lastUsedAt,
      rotatedAt: sessions.rotatedAt,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(liveSession(hash))
    .limit(1);
  if (!row) return null;
  const { tokenHash, remember, lastUsedAt, rotatedAt, ...customer } = row;
  return { customer, tokenHash, current: tokenHash === hash, remember, lastUsedAt, rotatedAt };
}

/** The cookie a request should set after using its session: renewed or replaced, or nothing to change. */
export type SessionRenewal = { token: string; ttlSeconds: number } | null;

/**
 * Keeps a session going while its reader is active (GET /api/eshop/me runs on every page shown). A 3,600-second
 * session gets a new expiry an hour after its last use; a remembered one gets a new token (the old one works one
 * more minute for requests already sent) and 30 days again, never past 90 days after its sign-in. Written at most
 * every few minutes; a token replaced by a parallel request changes nothing.
 */
export async function renewSession(db: Db, token: string, found: FoundSession): Promise<SessionRenewal> {
  if (!found.current) return null;
  const now = Date.now();
  if (found.remember) {
    if (now - found.rotatedAt.getTime() < ROTATE_AFTER_SECONDS * 1000) return null;
    const next = newToken();
    const rotated = await db
      .update(sessions)
      .set({
        tokenHash: hashToken(next),
        previousTokenHash: found.tokenHash,
        previousValidUntil: sql`now() + make_interval(secs => ${ROTATION_GRACE_SECONDS})`,
        rotatedAt: sql`now()`,
        lastUsedAt: sql`now()`,
        expiresAt: sql`least(now() + make_interval(secs => ${REMEMBER_TTL_SECONDS}),
          ${sessions.createdAt} + make_interval(secs => ${REMEMBER_MAX_SECONDS}))`,
      })
      // Checked again in the update: of two requests rotating at once, one does (the row's hash changes).
      .where(
        and(
          eq(sessions.tokenHash, found.tokenHash),
          lte(sessions.rotatedAt, sql`now() - make_interval(secs => ${ROTATE_AFTER_SECONDS})`),
        ),
      )
      .returning({ secondsLeft: sql<number>`ceil(extract(epoch from ${sessions.expiresAt} - now()))::int` });
    const secondsLeft = rotated[0]?.secondsLeft;
    return secondsLeft === undefined ? null : { token: next, ttlSeconds: Math.max(1, secondsLeft) };
  }
  if (now - found.lastUsedAt.getTime() < RENEW_AFTER_SECONDS * 1000) return null;
  await db
    .update(sessions)
    .set({
      lastUsedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${COOKIE_DEFAULT_TTL_SECONDS})`,
    })
    .where(eq(sessions.tokenHash, found.tokenHash));
  return { token, ttlSeconds: COOKIE_DEFAULT_TTL_SECONDS };
}

/** Ends a session on the server (logout); an unknown token is simply ignored. */
export async function deleteSession(db: Db, token: string | null | undefined): Promise<void> {
  if (!token) return;
  const hash = hashToken(token);
  await db.delete(sessions).where(or(eq(sessions.tokenHash, hash), eq(sessions.previousTokenHash, hash)));
}

/** A session as Mon compte lists it; `id` is a prefix of its stored hash, enough to revoke it. */
export type SessionSummary = {
  id: string;
  userAgent: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  remember: boolean;
  current: boolean;
};

const SESSION_ID_LENGTH = 16;

/** The live sessions of a customer, most recently used first; `currentHash` marks the reader's own. */
export async function listSessions(
  db: Db,
  customerId: number,
  currentHash: string,
): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.customerId, customerId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((row) => ({
    id: row.tokenHash.slice(0, SESSION_ID_LENGTH),
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    expiresAt: row.expiresAt,
    remember: row.remember,
    current: row.tokenHash === currentHash,
  }));
}

/** Ends one of a customer's sessions by its listed id; answers whether one ended. */
export async function revokeSession(db: Db, customerId: number, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{16}$/.test(id)) return false;
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.customerId, customerId),
        sql`left(${sessions.tokenHash}, ${SESSION_ID_LENGTH}) = ${id}`,
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length > 0;
}

/** Ends every session of a customer but one (password change), or all of them (password reset). */
export async function endSessions(db: Db, customerId: number, exceptHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptHash
        ? and(eq(sessions.customerId, customerId), ne(sessions.tokenHash, exceptHash))
        : eq(sessions.customerId, customerId),
    );
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
