import 'server-only';
import { eq } from 'drizzle-orm';
import { COOKIE_DEFAULT_TTL_SECONDS } from '@/lib/constants';
import { capMessage, validateLogin } from '@/lib/validation';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { AppError } from '../http/errors';
import { consumeRateLimit, deleteExpiredRateLimits } from '../http/rate-limit';
import { logger } from '../log';
import { PASSWORD_MAX_LENGTH, verifyPassword } from './passwords';
import { normalizeEmail, type RequestContext } from './request-context';
import { createSession, deleteExpiredSessions, findSessionCustomer } from './sessions';
import { clear, hit, isMarked, LIMITS, mark, peek, rateLimited, subjectOf } from './throttle';

/** One message for an unknown e-mail and a wrong password: the answer does not tell which (ASVS 6.3.8). */
export const INVALID_CREDENTIALS_MESSAGE = 'Adresse e-mail ou mot de passe incorrect.';
export const NOT_LOGGED_IN_MESSAGE = 'Vous n’êtes pas connecté.';

export type AccountUser = { firstname: string; lastname: string };
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
): Promise<Authenticated> {
  const errors = validateLogin({ email, password });
  const firstError = errors.email ?? errors.password;
  if (firstError) {
    throw new AppError(
      'bad_request',
      capMessage(firstError),
      Object.entries(errors).map(([field, message]) => ({ field, message })),
    );
  }
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);

  await hit(db, LIMITS.loginAddress, context.address);
  const normalized = normalizeEmail(email);
  const account = subjectOf(normalized);
  const accountFromAddress = subjectOf(normalized, context.address);

  const fromAddress = await peek(db, LIMITS.loginFailuresFromAddress, accountFromAddress);
  if (fromAddress.over) throw rateLimited(fromAddress.retryAfterSeconds);
  const everywhere = await peek(db, LIMITS.loginFailures, account);
  if (everywhere.over && !(await isMarked(db, LIMITS.loginKnownAddress, accountFromAddress))) {
    throw rateLimited(everywhere.retryAfterSeconds);
  }

  const [customer] = await db
    .select({
      id: customers.id,
      passwordHash: customers.passwordHash,
      firstname: customers.firstname,
      lastname: customers.lastname,
    })
    .from(customers)
    .where(eq(customers.email, normalized))
    .limit(1);
  const valid = await verifyPassword(customer?.passwordHash ?? null, password);
  if (!customer || !valid) {
    await consumeRateLimit(db, LIMITS.loginFailuresFromAddress, accountFromAddress);
    await consumeRateLimit(db, LIMITS.loginFailures, account);
    logger.warn({ event: 'login_failed', account, address: context.address }, 'Échec de connexion');
    throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
  }

  await clear(db, LIMITS.loginFailuresFromAddress, accountFromAddress);
  await mark(db, LIMITS.loginKnownAddress, accountFromAddress);
  await purgeExpiredNowAndThen(db);
  const session = await createSession(db, customer.id, COOKIE_DEFAULT_TTL_SECONDS);
  logger.info({ event: 'login', customerId: customer.id }, 'Connexion');
  return {
    user: { firstname: customer.firstname, lastname: customer.lastname },
    token: session.token,
    ttlSeconds: session.ttlSeconds,
    expiresAt: session.expiresAt,
  };
}

/** The user of a session token; a missing, unknown or expired token is a 401. */
export async function currentUser(db: Db, token: string | null | undefined): Promise<AccountUser> {
  const customer = await findSessionCustomer(db, token);
  if (!customer) throw new AppError('unauthorized', NOT_LOGGED_IN_MESSAGE);
  return { firstname: customer.firstname, lastname: customer.lastname };
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
