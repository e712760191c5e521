import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { SessionAnswer, SessionCreateBody, StaffRole } from '@/lib/contracts/admin';
import { INVALID_CREDENTIALS_MESSAGE } from '../accounts/login';
import { verifyPassword } from '../accounts/passwords';
import { normalizeEmail } from '../accounts/request-context';
import { clear, rateLimited, subjectOf, throwIfRefused } from '../accounts/throttle';
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

/** The readers' login limits (src/server/accounts/throttle.ts), counted apart for the newsroom. */
export const STAFF_SIGN_IN_LIMITS = {
  address: { name: 'staff-login:address', limit: 30, windowSeconds: 10 * MINUTE },
  failuresFromAddress: { name: 'staff-login:failures:account-address', limit: 5, windowSeconds: 15 * MINUTE },
  failures: { name: 'staff-login:failures:account', limit: 20, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export const TOTP_REQUIRED_MESSAGE = 'Code de vérification requis.';
export const TOTP_INVALID_MESSAGE = 'Code de vérification incorrect.';

type Counter = { hits: number; retryAfterSeconds: number };

export type SignedIn = SessionAnswer & { token: string };

/**
 * Signs a staff member in. One answer (401, same message, same time) for an unknown e-mail, a wrong password,
 * a closed account and an invitation not yet accepted; rate limits per address and per account; the TOTP code
 * when the account has two-factor authentication. Every attempt is in the audit log.
 */
export async function signIn(db: Db, body: SessionCreateBody, address: string): Promise<SignedIn> {
  const email = normalizeEmail(body.email);
  const account = subjectOf('staff', email);
  const accountFromAddress = subjectOf('staff', email, address);
  const keys = {
    fromAddress: rateLimitKey(STAFF_SIGN_IN_LIMITS.failuresFromAddress, accountFromAddress),
    everywhere: rateLimitKey(STAFF_SIGN_IN_LIMITS.failures, account),
  };
  // Counts the attempt and reads the account's failure counters in one statement (as the readers' login).
  const { states, rows } = await consumeRateLimits<{ counters: Record<string, Counter> | null }>(
    db,
    [{ rule: STAFF_SIGN_IN_LIMITS.address, subject: address }],
    () => sql`select (select json_object_agg(key, json_build_object(
        'hits', hits, 'retryAfterSeconds', greatest(1, ceil(extract(epoch from reset_at - now())))::int))
      from rate_limits where key in (${keys.fromAddress}, ${keys.everywhere}) and reset_at > now()) as counters`,
    { guardedReadsOnly: true },
  );
  throwIfRefused(states);
  const counters = rows[0]?.counters ?? {};
  for (const [key, rule] of [
    [keys.fromAddress, STAFF_SIGN_IN_LIMITS.failuresFromAddress],
    [keys.everywhere, STAFF_SIGN_IN_LIMITS.failures],
  ] as const) {
    const counter = counters[key];
    if (counter && counter.hits >= rule.limit) throw rateLimited(counter.retryAfterSeconds);
  }

  const [member] = await db.select().from(staffMembers).where(eq(staffMembers.email, email)).limit(1);
  const valid = await verifyPassword(member?.passwordHash ?? null, body.password);
  const usable = member && valid && member.active;

  const refuse = async (message: string, details?: { field: string; message: string }[]) => {
    const failures = await consumeRateLimits(db, [
      { rule: STAFF_SIGN_IN_LIMITS.failuresFromAddress, subject: accountFromAddress },
      { rule: STAFF_SIGN_IN_LIMITS.failures, subject: account },
    ]);
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
    const refused = failures.states.find((state) => !state.allowed);
    if (refused) throw rateLimited(refused.retryAfterSeconds);
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
  await clear(db, STAFF_SIGN_IN_LIMITS.failuresFromAddress, accountFromAddress);
  await deleteExpiredStaffSessions(db);
  const staff = toStaffMember({ ...member, lastSignInAt: new Date() });
  return {
    token: session.token,
    staff,
    expiresAt: session.expiresAt.toISOString(),
    totpSetupRequired: totpSetupRequired(member.role as StaffRole, staff.totpEnabled),
  };
}
