import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { SessionAnswer, SessionCreateBody, StaffRole } from '@/lib/contracts/admin';
import { INVALID_CREDENTIALS_MESSAGE } from '../accounts/login';
import { verifyPassword } from '../accounts/passwords';
import { normalizeEmail } from '../accounts/request-context';
import { clearStatement, markStatement, rateLimited, subjectOf, throwIfRefused } from '../accounts/throttle';
import type { Db } from '../db/client';
import { staffMembers } from '../db/schema';
import { AppError } from '../http/errors';
import { consumeRateLimits, type RateLimitRule, rateLimitKey } from '../http/rate-limit';
import { logger } from '../log';
import { recordAudit } from './audit';
import { createStaffSession, deleteExpiredStaffSessions, totpSetupRequired } from './auth';
import { claimTotpStep, readTotpSecret, toStaffMember } from './staff';
import { acceptedTotpStep } from './totp';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** The readers' login limits (src/server/accounts/throttle.ts), counted apart for the newsroom. */
export const STAFF_SIGN_IN_LIMITS = {
  address: { name: 'staff-login:address', limit: 30, windowSeconds: 10 * MINUTE },
  failuresFromAddress: { name: 'staff-login:failures:account-address', limit: 5, windowSeconds: 15 * MINUTE },
  failures: { name: 'staff-login:failures:account', limit: 20, windowSeconds: 15 * MINUTE },
  /** An address the staff member signed in from: exempt from the account-wide failure limit, as for readers. */
  knownAddress: { name: 'staff-login:known', limit: Number.MAX_SAFE_INTEGER, windowSeconds: 30 * DAY },
} as const satisfies Record<string, RateLimitRule>;

export const TOTP_REQUIRED_MESSAGE = 'Code de vérification requis.';
export const TOTP_INVALID_MESSAGE = 'Code de vérification incorrect.';

type Counter = { hits: number; retryAfterSeconds: number };

/** The counters of one staff account seen from one address (sign-in and every TOTP check share them). */
export type StaffAttempt = { account: string; accountFromAddress: string; known: boolean };

/**
 * Counts an attempt of the address and refuses (429) when the account is over its failure limits: its failures
 * from this address, or its failures from everywhere unless the address is one it signed in from (so failures
 * spread over other addresses never lock the staff member out of their usual ones). One statement.
 */
export async function startStaffAttempt(db: Db, email: string, address: string): Promise<StaffAttempt> {
  const account = subjectOf('staff', email);
  const accountFromAddress = subjectOf('staff', email, address);
  const keys = {
    fromAddress: rateLimitKey(STAFF_SIGN_IN_LIMITS.failuresFromAddress, accountFromAddress),
    everywhere: rateLimitKey(STAFF_SIGN_IN_LIMITS.failures, account),
    known: rateLimitKey(STAFF_SIGN_IN_LIMITS.knownAddress, accountFromAddress),
  };
  const { states, rows } = await consumeRateLimits<{ counters: Record<string, Counter> | null }>(
    db,
    [{ rule: STAFF_SIGN_IN_LIMITS.address, subject: address }],
    () => sql`select (select json_object_agg(key, json_build_object(
        'hits', hits, 'retryAfterSeconds', greatest(1, ceil(extract(epoch from reset_at - now())))::int))
      from rate_limits where key in (${keys.fromAddress}, ${keys.everywhere}, ${keys.known}) and reset_at > now())
      as counters`,
    { guardedReadsOnly: true },
  );
  throwIfRefused(states);
  const counters = rows[0]?.counters ?? {};
  const known = counters[keys.known] !== undefined;
  const fromAddress = counters[keys.fromAddress];
  if (fromAddress && fromAddress.hits >= STAFF_SIGN_IN_LIMITS.failuresFromAddress.limit) {
    throw rateLimited(fromAddress.retryAfterSeconds);
  }
  const everywhere = counters[keys.everywhere];
  if (!known && everywhere && everywhere.hits >= STAFF_SIGN_IN_LIMITS.failures.limit) {
    throw rateLimited(everywhere.retryAfterSeconds);
  }
  return { account, accountFromAddress, known };
}

/** Counts a failed attempt (a wrong password or TOTP code); answers the 429 once it reaches a limit, else null. */
export async function countStaffFailure(db: Db, attempt: StaffAttempt): Promise<AppError | null> {
  const failures = await consumeRateLimits(db, [
    { rule: STAFF_SIGN_IN_LIMITS.failuresFromAddress, subject: attempt.accountFromAddress },
    { rule: STAFF_SIGN_IN_LIMITS.failures, subject: attempt.account },
  ]);
  // A known address is never refused over the account-wide count.
  const refused = failures.states.find((state, index) => !state.allowed && (index === 0 || !attempt.known));
  return refused ? rateLimited(refused.retryAfterSeconds) : null;
}

export type SignedIn = SessionAnswer & { token: string };

/**
 * Signs a staff member in. One answer (401, same message, same time) for an unknown e-mail, a wrong password,
 * a closed account and an invitation not yet accepted; rate limits per address and per account, addresses the
 * member signed in from exempt of the account-wide one; the TOTP code when the account has two-factor
 * authentication. Every attempt is in the audit log.
 */
export async function signIn(db: Db, body: SessionCreateBody, address: string): Promise<SignedIn> {
  const email = normalizeEmail(body.email);
  const attempt = await startStaffAttempt(db, email, address);

  const [member] = await db.select().from(staffMembers).where(eq(staffMembers.email, email)).limit(1);
  const valid = await verifyPassword(member?.passwordHash ?? null, body.password);
  const usable = member && valid && member.active;

  const refuse = async (message: string, details?: { field: string; message: string }[]) => {
    const refused = await countStaffFailure(db, attempt);
    await recordAudit(
      db,
      {
        actor: member ? { kind: 'staff', staffId: member.id, name: member.name } : { kind: 'anonymous' },
        address,
      },
      'session.sign_in_failed',
      member ? { type: 'staff', id: member.id } : undefined,
      { email },
    );
    logger.warn({ event: 'staff_sign_in_failed', address }, 'Échec de connexion à la rédaction');
    if (refused) throw refused;
    return new AppError('unauthorized', message, details);
  };

  if (!usable) throw await refuse(INVALID_CREDENTIALS_MESSAGE);
  const totpSecret = member.totpEnabledAt ? readTotpSecret(member) : null;
  if (totpSecret) {
    if (!body.totp) {
      throw new AppError('unauthorized', TOTP_REQUIRED_MESSAGE, [
        { field: 'totp', message: TOTP_REQUIRED_MESSAGE },
      ]);
    }
    const step = acceptedTotpStep(totpSecret, body.totp, member.totpLastStep);
    if (step === null || !(await claimTotpStep(db, member.id, step))) {
      throw await refuse(TOTP_INVALID_MESSAGE, [{ field: 'totp', message: TOTP_INVALID_MESSAGE }]);
    }
  }

  const session = await db.transaction(async (tx) => {
    const opened = await createStaffSession(tx, member.id, address);
    await tx.update(staffMembers).set({ lastSignInAt: new Date() }).where(eq(staffMembers.id, member.id));
    await recordAudit(
      tx,
      { actor: { kind: 'staff', staffId: member.id, name: member.name }, address },
      'session.sign_in',
      { type: 'staff', id: member.id },
    );
    return opened;
  });
  // The address's failures cleared and the address marked as known for 30 days.
  await db.execute(sql`with
    cleared as (${clearStatement(STAFF_SIGN_IN_LIMITS.failuresFromAddress, attempt.accountFromAddress)}),
    known as (${markStatement(STAFF_SIGN_IN_LIMITS.knownAddress, attempt.accountFromAddress)})
    select 1`);
  await deleteExpiredStaffSessions(db);
  const staff = toStaffMember({ ...member, lastSignInAt: new Date() });
  return {
    token: session.token,
    staff,
    expiresAt: session.expiresAt.toISOString(),
    totpSetupRequired: totpSetupRequired(member.role as StaffRole, staff.totpEnabled),
  };
}
