import 'server-only';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

export type RateLimitRule = {
  /** What is limited, e.g. 'login:ip' or 'login:email'; the key is `${name}:${subject}`. */
  name: string;
  limit: number;
  windowSeconds: number;
};

export type RateLimitState = { allowed: boolean; hits: number; retryAfterSeconds: number };

/**
 * Counts one hit against a fixed window kept in the database, so the limit holds across app instances and
 * restarts. The window restarts once it has expired; one statement, so concurrent hits never lose a count.
 */
export async function consumeRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
): Promise<RateLimitState> {
  const key = `${rule.name}:${subject}`;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN now() + ${window} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.resetAt} - now())))::int`,
    });
  const hits = row?.hits ?? 1;
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: row?.retryAfterSeconds ?? rule.windowSeconds,
  };
}

/** Like consumeRateLimit, but over the limit throws a 429 carrying Retry-After. */
export async function enforceRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  const state = await consumeRateLimit(db, rule, subject);
  if (!state.allowed) {
    throw new AppError(
      'rate_limited',
      'Trop de tentatives, merci de réessayer plus tard.',
      undefined,
      state.retryAfterSeconds,
    );
  }
}

/**
 * Removes the counters whose window is over. They mean nothing any more (the next hit restarts the window),
 * so this only keeps the table small; logins call it, as they clean expired sessions.
 */
export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
}

/**
 * The client's address. The server's HTTP hook (`settleClientAddress`, src/server/observability/http-server.ts)
 * leaves exactly one trusted address in X-Forwarded-For, per TRUSTED_PROXY_HOPS; the last entry is read so that
 * a handler called without the hook (tests) still reads what the nearest proxy appended.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  return forwarded?.split(',').at(-1)?.trim() || 'unknown';
}
