import 'server-only';
import { sql } from 'drizzle-orm';
import { COOKIE_DEFAULT_TTL_SECONDS } from '@/lib/constants';
import { ACCOUNT_FORM_MESSAGES, formErrors, loginForm, PASSWORD_MAX_LENGTH } from '@/lib/contracts/accounts';
import { capMessage } from '@/lib/validation';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { consumeRateLimits, deleteExpiredRateLimits, rateLimitKey } from '../http/rate-limit';
import { logger } from '../log';
import { verifyPassword } from './passwords';
import { normalizeEmail, type RequestContext } from './request-context';
import { deleteExpiredSessions, REMEMBER_TTL_SECONDS, sessionInsert } from './sessions';
import { clearStatement, LIMITS, markStatement, rateLimited, subjectOf, throwIfRefused } from './throttle';

/** One message for an unknown e-mail and a wrong password: the answer does not tell which (ASVS 6.3.8). */
export const INVALID_CREDENTIALS_MESSAGE = ACCOUNT_FORM_MESSAGES.invalid_credentials;
export const NOT_LOGGED_IN_MESSAGE = 'Vous n’êtes pas connecté.';

type AccountUser = { firstname: string; lastname: string };

/** What the first statement of a login reads: the live counters of the account by key, and the account. */
type LoginGate = {
  counters: Record<string, { hits: number; retryAfterSeconds: number }> | null;
  customer: { id: number; passwordHash: string | null; firstname: string; lastname: string } | null;
};
export type Authenticated = { user: AccountUser; token: string; ttlSeconds: number; expiresAt: Date };

/**
 * Checks an e-mail and password and opens a session (a new token each time). Throws an AppError: 400 for a
 * missing or malformed field, 401 for wrong credentials, 429 over a rate limit. Limits, in order: attempts per
 * client address; failures on this account from this address; failures on this account from everywhere,
 * which an address the account already logged in from is exempt of (docs/API-accounts.md).
 */
export async function authenticate(
  db: Db,
  email: string,
  password: string,
  context: RequestContext,
  options: { remember?: boolean } = {},
): Promise<Authenticated> {
  const errors = formErrors(loginForm, { email, password });
  const firstError = errors.email ?? errors.password;
  if (firstError) {
    throw new AppError(
      'bad_request',
      capMessage(firstError.message),
      Object.entries(errors).flatMap(([field, error]) => (error ? [{ field, message: error.message }] : [])),
    );
  }
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);

  const normalized = normalizeEmail(email);
  const account = subjectOf(normalized);
  const accountFromAddress = subjectOf(normalized, context.address);
  const keys = {
    fromAddress: rateLimitKey(LIMITS.loginFailuresFromAddress, accountFromAddress),
    everywhere: rateLimitKey(LIMITS.loginFailures, account),
    known: rateLimitKey(LIMITS.loginKnownAddress, accountFromAddress),
  };
  // One statement counts the attempt, reads the failure counters and the known-address marker, and finds the
  // account: under load every round trip waits its turn again (docs/SCALING.md).
  const { states, rows } = await consumeRateLimits<LoginGate>(
    db,
    [{ rule: LIMITS.loginAddress, subject: context.address }],
    () => sql`select
      (select json_object_agg(key, json_build_object(
          'hits', hits, 'retryAfterSeconds', greatest(1, ceil(extract(epoch from reset_at - now())))::int))
        from rate_limits
        where key in (${keys.fromAddress}, ${keys.everywhere}, ${keys.known}) and reset_at > now()) as counters,
      (select json_build_object(
          'id', id, 'passwordHash', password_hash, 'firstname', firstname, 'lastname', lastname)
        from customers where email = ${normalized} limit 1) as customer`,
    { guardedReadsOnly: true },
  );
  throwIfRefused(states);
  const counters = rows[0]?.counters ?? {};
  const customer = rows[0]?.customer ?? null;
  const fromAddress = counters[keys.fromAddress];
  if (fromAddress && fromAddress.hits >= LIMITS.loginFailuresFromAddress.limit) {
    throw rateLimited(fromAddress.retryAfterSeconds);
  }
  const everywhere = counters[keys.everywhere];
  if (everywhere && everywhere.hits >= LIMITS.loginFailures.limit && !counters[keys.known]) {
    throw rateLimited(everywhere.retryAfterSeconds);
  }

  const valid = await verifyPassword(customer?.passwordHash ?? null, password);
  if (!customer || !valid) {
    await consumeRateLimits(db, [
      { rule: LIMITS.loginFailuresFromAddress, subject: accountFromAddress },
      { rule: LIMITS.loginFailures, subject: account },
    ]);
    logger.warn({ event: 'login_failed', account, address: context.address }, 'Échec de connexion');
    throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
  }

  // The session, the address's failures cleared and the address marked as known: one statement, one round trip
  // and one commit (under load each round trip waits for the event loop again, docs/SCALING.md).
  const session = sessionInsert(
    customer.id,
    options.remember ? REMEMBER_TTL_SECONDS : COOKIE_DEFAULT_TTL_SECONDS,
    {
      remember: options.remember ?? false,
      ...(context.userAgent === undefined ? {} : { userAgent: context.userAgent }),
    },
  );
  await Promise.all([
    db.execute(sql`with opened as (${session.insert}),
      cleared as (${clearStatement(LIMITS.loginFailuresFromAddress, accountFromAddress)}),
      known as (${markStatement(LIMITS.loginKnownAddress, accountFromAddress)})
      select 1`),
    purgeExpiredNowAndThen(db),
  ]);
  logger.info({ event: 'login', customerId: customer.id, remember: options.remember ?? false }, 'Connexion');
  return {
    user: { firstname: customer.firstname, lastname: customer.lastname },
    token: session.token,
    ttlSeconds: session.ttlSeconds,
    expiresAt: session.expiresAt,
  };
}

/** Logins purge expired sessions and rate-limit counters, at most this often per process. */
const PURGE_INTERVAL_MS = 60_000;
let lastPurgeAt = Number.NEGATIVE_INFINITY;

/**
 * Expired rows mean nothing any more (a session past its end is refused, a counter past its window restarts), so
 * purging them only keeps the tables small: once a minute is enough. Purging at every login made each login
 * delete over both tables while subscriptions were writing counters: under load, logins waited on those locks.
 */
async function purgeExpiredNowAndThen(db: Db): Promise<void> {
  const now = Date.now();
  if (now - lastPurgeAt < PURGE_INTERVAL_MS) return;
  lastPurgeAt = now;
  await deleteExpiredSessions(db);
  await deleteExpiredRateLimits(db);
}
