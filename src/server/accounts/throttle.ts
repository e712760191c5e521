import 'server-only';
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_FORM_MESSAGES } from '@/lib/contracts/accounts';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { env } from '../env';
import { AppError } from '../http/errors';
import { consumeRateLimit, type RateLimitRule, type RateLimitState, rateLimitKey } from '../http/rate-limit';

// Database-backed limits of the account and newsletter calls (OWASP ASVS 6.3.1), shared by every app
// instance. The reasoning behind the numbers is in docs/API-accounts.md, "Rate limits and lockout".

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LIMITS = {
  /** Every login attempt of one client address. */
  loginAddress: { name: 'login:address', limit: 30, windowSeconds: 10 * MINUTE },
  /** Failed logins on one account from one address: the guesser locks out only themselves. */
  loginFailuresFromAddress: { name: 'login:failures:account-address', limit: 5, windowSeconds: 15 * MINUTE },
  /** Failed logins on one account from all addresses (distributed guessing); known addresses still pass. */
  loginFailures: { name: 'login:failures:account', limit: 20, windowSeconds: 15 * MINUTE },
  /** An address the account logged in from successfully: exempt from the account-wide failure limit. */
  loginKnownAddress: { name: 'login:known', limit: Number.MAX_SAFE_INTEGER, windowSeconds: 30 * DAY },
  registerEmail: { name: 'register:email', limit: 5, windowSeconds: HOUR },
  subscribeAddress: { name: 'newsletter:subscribe:address', limit: 20, windowSeconds: 10 * MINUTE },
  subscribeEmail: { name: 'newsletter:subscribe:email', limit: 5, windowSeconds: 10 * MINUTE },
  unsubscribeAddress: { name: 'newsletter:unsubscribe:address', limit: 20, windowSeconds: 10 * MINUTE },
  unsubscribeEmail: { name: 'newsletter:unsubscribe:email', limit: 5, windowSeconds: 10 * MINUTE },
  // Accounts
  /** Mon compte's checks of the current password (a session left open must not become a guessing oracle). */
  accountPassword: { name: 'account:password', limit: 10, windowSeconds: HOUR },
  /** "Mot de passe oublié ?" requests, per client address and per e-mail (no mail bombing). */
  resetAddress: { name: 'reset:address', limit: 10, windowSeconds: HOUR },
  resetEmail: { name: 'reset:email', limit: 3, windowSeconds: HOUR },
  /** Reset links used, per client address (a guessed token is 256 bits; this only bounds the work). */
  resetUseAddress: { name: 'reset:use:address', limit: 20, windowSeconds: HOUR },
  /** Confirmation links e-mailed again from Mon compte, per account. */
  resendConfirmation: { name: 'account:confirmation', limit: 3, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** Registrations one client address may attempt per hour: REGISTRATION_LIMIT_PER_HOUR (10 unless configured). */
export function registerAddressLimit(): RateLimitRule {
  return { name: 'register:address', limit: env().REGISTRATION_LIMIT_PER_HOUR, windowSeconds: HOUR };
}

export const RATE_LIMITED_MESSAGE = ACCOUNT_FORM_MESSAGES.rate_limited;

/**
 * The rate-limit subject of an e-mail (or of an e-mail and an address): a hash, so the counters table never
 * holds a copy of readers' addresses.
 */
export function subjectOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32);
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', RATE_LIMITED_MESSAGE, undefined, retryAfterSeconds);
}

/** Counts one hit; over the limit throws a 429 carrying Retry-After. */
export async function hit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  throwIfRefused([await consumeRateLimit(db, rule, subject)]);
}

/** Throws the 429 of the first limit that refused, with its Retry-After. */
export function throwIfRefused(states: RateLimitState[]): void {
  const refused = states.find((state) => !state.allowed);
  if (refused) throw rateLimited(refused.retryAfterSeconds);
}

/** Removes a counter (a successful login clears its own address's failures). */
export async function clear(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db.execute(clearStatement(rule, subject));
}

/** `clear` as a statement, for a caller that sends it with its own writes. */
export function clearStatement(rule: RateLimitRule, subject: string): SQL {
  return sql`delete from ${rateLimits} where key = ${rateLimitKey(rule, subject)}`;
}

/** Sets a marker that lives for the rule's whole window from now (refreshed at each call), as a statement. */
export function markStatement(rule: RateLimitRule, subject: string): SQL {
  return sql`insert into ${rateLimits} (key, hits, reset_at)
    values (${rateLimitKey(rule, subject)}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set reset_at = excluded.reset_at`;
}
