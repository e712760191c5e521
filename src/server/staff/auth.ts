import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { type AdminPermission, roleAllows, type StaffRole } from '@/lib/contracts/admin';
import { readCookie } from '../accounts/sessions';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { staffSessions } from '../db/schema';
import { env } from '../env';
import { AppError } from '../http/errors';
import { clientAddress } from '../http/rate-limit';
import type { Actor } from './audit';

/** The staff session cookie: its own name, so a reader's session (`quotidienne_session`) never opens the newsroom. */
export const STAFF_COOKIE = 'quotidienne_redaction';
/** API keys start with this, so a reader's bearer token is never mistaken for one. */
export const API_KEY_PREFIX = 'lqk_';
/** A session lasts at most this long, however active (the idle limit is NEWSROOM_SESSION_IDLE_MINUTES). */
const SESSION_MAX_SECONDS = 7 * 24 * 60 * 60;

export const SIGN_IN_REQUIRED_MESSAGE = 'Connexion à la rédaction requise.';
export const ROLE_FORBIDDEN_MESSAGE = 'Votre rôle ne vous permet pas cette action.';
export const TOTP_SETUP_REQUIRED_MESSAGE =
  'Activez la double authentification (code à usage unique) avant de continuer.';

/** Who is calling the Admin API, as every route sees it. */
export type StaffPrincipal = {
  role: StaffRole;
  /** The staff member, or null for an API key. */
  staffId: number | null;
  actor: Extract<Actor, { kind: 'staff' } | { kind: 'api_key' }>;
  address: string;
  /** The session's token hash and end (null for an API key). */
  session: { tokenHash: string; expiresAt: Date } | null;
  totpEnabled: boolean;
};

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

function idleSeconds(): number {
  return env().NEWSROOM_SESSION_IDLE_MINUTES * 60;
}

/** Opens a staff session: a new random token, stored hashed. */
export async function createStaffSession(
  db: Pick<Db, 'insert'>,
  staffId: number,
  address: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + idleSeconds() * 1000);
  await db.insert(staffSessions).values({ tokenHash: hashSecret(token), staffId, expiresAt, address });
  return { token, expiresAt };
}

export async function deleteStaffSession(db: Pick<Db, 'delete'>, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Sign-out everywhere, and what closing an account or changing its role does. */
export async function deleteAllStaffSessions(db: Pick<Db, 'delete'>, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

export async function deleteExpiredStaffSessions(db: Db): Promise<void> {
  await db.delete(staffSessions).where(lte(staffSessions.expiresAt, new Date()));
}

/** Set-Cookie of a staff session: HttpOnly, Secure, SameSite=Strict; no Max-Age, the server decides its end. */
export function staffCookieHeader(token: string): string {
  return `${STAFF_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; Secure; SameSite=Strict`;
}

export function clearedStaffCookieHeader(): string {
  return `${STAFF_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}

/** True when an administrator must set up two-factor authentication before anything else. */
export function totpSetupRequired(role: StaffRole, totpEnabled: boolean): boolean {
  return env().APP_ENV === 'production' && role === 'administrateur' && !totpEnabled;
}

type SessionRow = {
  staff_id: number;
  name: string;
  role: StaffRole;
  totp_enabled: boolean;
  expires_at: string | Date;
};

/**
 * How often a session's end moves forward: at most once a minute. Moving it at every call wrote (and, on PGlite,
 * synced to disk) a row at every read of the newsroom: 20 to 40 ms of each call to the article list on a busy
 * machine (docs/SCALING.md, "The newsroom"). A session then ends between its idle time and one minute earlier.
 */
const SESSION_TOUCH_SECONDS = 60;

/**
 * The staff member of a session token, moving its end forward (expiry after inactivity, at most once a minute),
 * or null for an unknown, expired or too old session or a closed account. One statement.
 */
export async function findStaffSession(
  db: Db,
  token: string,
): Promise<{ tokenHash: string; row: SessionRow } | null> {
  if (token.length > 200) return null;
  const tokenHash = hashSecret(token);
  const [row] = await queryRows<SessionRow>(
    db,
    sql`with found as (
        select token_hash, staff_id, expires_at from staff_sessions
        where token_hash = ${tokenHash} and expires_at > now()
          and created_at > now() - make_interval(secs => ${SESSION_MAX_SECONDS})
      ), touched as (
        update staff_sessions set last_seen_at = now(), expires_at = now() + make_interval(secs => ${idleSeconds()})
        where token_hash = (select token_hash from found)
          and last_seen_at <= now() - make_interval(secs => ${SESSION_TOUCH_SECONDS})
        returning expires_at
      )
      select m.id as staff_id, m.name, m.role, m.totp_enabled_at is not null as totp_enabled,
        coalesce((select expires_at from touched), f.expires_at) as expires_at
      from found f join staff_members m on m.id = f.staff_id
      where m.active and m.password_hash is not null`,
  );
  return row ? { tokenHash, row } : null;
}

type KeyRow = { id: number; name: string; role: StaffRole };

/** The live API key of a secret, noting its use (at most once a minute, to keep reads cheap). */
async function findApiKey(db: Db, secret: string): Promise<KeyRow | null> {
  if (secret.length > 200) return null;
  const [row] = await queryRows<KeyRow>(
    db,
    sql`with found as (
        select id, name, role, last_used_at from api_keys
        where secret_hash = ${hashSecret(secret)} and revoked_at is null
      ), noted as (
        update api_keys set last_used_at = now()
        where id = (select id from found) and (last_used_at is null or last_used_at < now() - interval '1 minute')
      )
      select id, name, role from found`,
  );
  return row ?? null;
}

/** The bearer API key of a request, if it carries one. */
function apiKeyFrom(request: Request): string | null {
  const authorization = request.headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S{1,200})$/)?.[1];
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : null;
}

/** Who is calling: a staff session or an API key; null for anyone else (a reader's session included). */
export async function findPrincipal(db: Db, request: Request): Promise<StaffPrincipal | null> {
  const address = clientAddress(request);
  const secret = apiKeyFrom(request);
  if (secret) {
    const key = await findApiKey(db, secret);
    if (!key) return null;
    return {
      role: key.role,
      staffId: null,
      actor: { kind: 'api_key', apiKeyId: key.id, name: key.name },
      address,
      session: null,
      totpEnabled: false,
    };
  }
  const token = readCookie(request.headers.get('cookie'), STAFF_COOKIE);
  if (!token) return null;
  const found = await findStaffSession(db, token);
  if (!found) return null;
  const { row } = found;
  return {
    role: row.role,
    staffId: row.staff_id,
    actor: { kind: 'staff', staffId: row.staff_id, name: row.name },
    address,
    session: { tokenHash: found.tokenHash, expiresAt: new Date(row.expires_at) },
    totpEnabled: row.totp_enabled,
  };
}

/**
 * The one guard of every Admin API route: 401 without a staff session or API key (a reader's session is
 * neither), 403 when the role may not do `permission`, and 403 for a production administrator who has not set
 * up two-factor authentication (except on the calls that set it up: `allowPendingTotp`).
 */
export async function requireStaff(
  db: Db,
  request: Request,
  permission: AdminPermission,
  options: { allowPendingTotp?: boolean } = {},
): Promise<StaffPrincipal> {
  const principal = await findPrincipal(db, request);
  if (!principal) throw new AppError('unauthorized', SIGN_IN_REQUIRED_MESSAGE);
  if (
    principal.session &&
    !options.allowPendingTotp &&
    totpSetupRequired(principal.role, principal.totpEnabled)
  ) {
    throw new AppError('forbidden', TOTP_SETUP_REQUIRED_MESSAGE);
  }
  if (!roleAllows(principal.role, permission)) throw new AppError('forbidden', ROLE_FORBIDDEN_MESSAGE);
  return principal;
}

/** Sessions still open for a staff member (tests, and the count shown before signing out everywhere). */
export async function countStaffSessions(db: Db, staffId: number): Promise<number> {
  const rows = await db
    .select({ tokenHash: staffSessions.tokenHash })
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), gt(staffSessions.expiresAt, new Date())));
  return rows.length;
}
