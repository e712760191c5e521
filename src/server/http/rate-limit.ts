import 'server-only';
import { lte, type SQL, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../db/client';
import { isTransaction, WITHOUT_WAITING_FOR_DISK } from '../db/relaxed-commit';
import { queryRows } from '../db/rows';
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
  const { states } = await consumeRateLimits(db, [{ rule, subject }]);
  return states[0] as RateLimitState;
}

export type RateLimitHit = { rule: RateLimitRule; subject: string };

/**
 * Counts one hit on each limit and, in the same statement, runs `guarded`: one round trip and one commit where a
 * subscription or a login used to make one per counter and one more for its own work (under load each round
 * trip waits its turn again, docs/SCALING.md). `guarded` receives the condition "no limit refused this hit" to
 * put in its WHERE clause when it must not run otherwise, and returns a statement whose rows come back in
 * `rows` (a data-modifying one needs a RETURNING clause). Every limit is counted, even when another refuses.
 *
 * A statement that writes nothing but the counters (no `guarded`, or one declared `guardedReadsOnly`) commits
 * without waiting for its WAL to reach the disk (`synchronous_commit = off` for that statement only, on both
 * drivers): a power cut may forget the last counts, which only lets a few more attempts through, and nothing a
 * reader was told was saved is in it; the next durable commit puts them on disk anyway. Each such commit used to
 * cost an fsync (about 6 ms on PGlite, blocking its one thread). Inside a transaction nothing is relaxed: the
 * setting would cover the transaction's other writes.
 */
export async function consumeRateLimits<Row = unknown>(
  db: Db,
  hits: RateLimitHit[],
  guarded?: (allowed: SQL) => SQL,
  {
    guardedReadsOnly = false,
    before,
  }: {
    guardedReadsOnly?: boolean;
    /**
     * More statements of the same WITH, written `name as (statement)` and comma-separated, which `guarded` may
     * read by their names (a write whose RETURNING feeds another: a token and the e-mail carrying it).
     */
    before?: (allowed: SQL) => SQL;
  } = {},
): Promise<{ states: RateLimitState[]; rows: Row[] }> {
  const limits = sql.join(
    hits.map(
      ({ rule, subject }) =>
        sql`(${rateLimitKey(rule, subject)}::text, ${rule.windowSeconds}::int, ${rule.limit}::bigint)`,
    ),
    sql`, `,
  );
  const allowed = sql`not exists (select 1 from counted c join limits l using (key) where c.hits > l.max_hits)`;
  const counters = await queryRows<{
    key: string;
    hits: number;
    retry_after_seconds: number;
    guarded: Row[];
  }>(
    db,
    sql`with limits (key, window_seconds, max_hits) as (values ${limits}),
      counted as (
        insert into rate_limits (key, hits, reset_at)
        select key, 1, now() + make_interval(secs => window_seconds) from limits
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning key, hits, greatest(1, ceil(extract(epoch from reset_at - now())))::int as retry_after_seconds
      ),
      ${before ? sql`${before(allowed)},` : sql``}
      guarded as (${guarded ? guarded(allowed) : sql`select 1 where false`})
      select c.key, c.hits, c.retry_after_seconds, (select coalesce(json_agg(g), '[]') from guarded g) as guarded
      from counted c${(!guarded || guardedReadsOnly) && !isTransaction(db) ? sql`, ${WITHOUT_WAITING_FOR_DISK}` : sql``}`,
  );
  const byKey = new Map(counters.map((row) => [row.key, row]));
  const states = hits.map(({ rule, subject }) => {
    const row = byKey.get(rateLimitKey(rule, subject));
    const count = row?.hits ?? 1;
    return {
      allowed: count <= rule.limit,
      hits: count,
      retryAfterSeconds: row?.retry_after_seconds ?? rule.windowSeconds,
    };
  });
  return { states, rows: counters[0]?.guarded ?? [] };
}

/** The counter of one rule for one subject (the primary key of rate_limits). */
export function rateLimitKey(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject}`;
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
 * The client the per-address rate limits count against. The server's HTTP hook (`settleClientAddress`,
 * src/server/observability/http-server.ts) leaves exactly one trusted address in X-Forwarded-For, per
 * TRUSTED_PROXY_HOPS; the last entry is read so that a handler called without the hook (tests) still reads what
 * the nearest proxy appended. An IPv6 client counts by its /64 (`2001:db8:0:1::/64`): one subscriber line gets a
 * whole /64, so counting full addresses would give it 2^64 fresh counters. An IPv4-mapped address counts as IPv4.
 */
export function clientAddress(request: Pick<Request, 'headers'>): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded ? rateLimitedClient(forwarded) : 'unknown';
}

/** The subject a rate limit counts for an address: itself for IPv4, its /64 for IPv6, the raw text otherwise. */
export function rateLimitedClient(address: string): string {
  // Brackets and a zone (`[fe80::1%eth0]`) are not part of the address.
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return address.slice(0, 64);
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${ipaddr.IPv6.parse(`${prefix.join(':')}::`).toString()}/64`;
}
