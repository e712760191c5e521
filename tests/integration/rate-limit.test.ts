import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { rateLimits } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
import {
  consumeRateLimit,
  consumeRateLimits,
  deleteExpiredRateLimits,
  enforceRateLimit,
} from '@/server/http/rate-limit';
import { createTestDatabase } from '../support/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const rule = { name: 'test-login', limit: 3, windowSeconds: 60 };

/** The `synchronous_commit` the guarded statement of one consumeRateLimits call ran with. */
async function commitModeSeen(
  db: Database['db'],
  options?: { guardedReadsOnly?: boolean },
  subject = 'mode',
): Promise<string | undefined> {
  const { rows } = await consumeRateLimits<{ mode: string }>(
    db,
    [{ rule: { name: 'test-commit-mode', limit: 1000, windowSeconds: 60 }, subject }],
    () => sql`select current_setting('synchronous_commit') as mode`,
    options,
  );
  return rows[0]?.mode;
}

/** The connection's own setting: `on` on PGlite and a stock server (the test PostgreSQL runs with `off`). */
async function defaultCommitMode(): Promise<string | undefined> {
  const [row] = await queryRows<{ mode: string }>(
    database.db,
    sql`select current_setting('synchronous_commit') as mode`,
  );
  return row?.mode;
}

describe('commit of the counters', () => {
  it('does not wait for the disk when the statement writes nothing but counters, and only for that statement', async () => {
    const usual = await defaultCommitMode();
    if (database.driver === 'pglite') expect(usual).toBe('on');
    expect(await commitModeSeen(database.db, { guardedReadsOnly: true })).toBe('off');
    // A guarded statement that may write (the default) keeps the usual, durable commit.
    expect(await commitModeSeen(database.db)).toBe(usual);
    // Nothing leaks to the next statements of the connection(s).
    for (let i = 0; i < 4; i += 1) expect(await defaultCommitMode()).toBe(usual);
  });

  it('relaxes nothing inside a transaction, whose other writes must stay durable', async () => {
    const usual = await defaultCommitMode();
    const seen = await database.db.transaction((tx) =>
      commitModeSeen(tx as unknown as Database['db'], { guardedReadsOnly: true }, 'in-transaction'),
    );
    expect(seen).toBe(usual);
  });
});

describe('database-backed rate limit', () => {
  it('allows the limit, then refuses with the seconds left in the window', async () => {
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await consumeRateLimit(database.db, rule, 'ip-1'));
    expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
    expect(states[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(states[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('counts each subject separately', async () => {
    expect((await consumeRateLimit(database.db, rule, 'ip-2')).allowed).toBe(true);
  });

  it('restarts the count once the window has expired', async () => {
    await database.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    expect(await consumeRateLimit(database.db, rule, 'ip-1')).toMatchObject({ allowed: true, hits: 1 });
  });

  it('counts concurrent hits without losing any', async () => {
    await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(database.db, rule, 'burst')));
    const state = await consumeRateLimit(database.db, rule, 'burst');
    expect(state.hits).toBe(11);
  });

  it('enforceRateLimit throws a 429 AppError over the limit', async () => {
    for (let i = 0; i < 3; i++) await enforceRateLimit(database.db, rule, 'ip-3');
    const error = await enforceRateLimit(database.db, rule, 'ip-3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
  });

  it('purges the counters whose window is over and keeps the others', async () => {
    await consumeRateLimit(database.db, rule, 'purge-expired');
    await consumeRateLimit(database.db, rule, 'purge-live');
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} = ${`${rule.name}:purge-expired`}`);
    await deleteExpiredRateLimits(database.db);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain(`${rule.name}:purge-live`);
    expect(keys).not.toContain(`${rule.name}:purge-expired`);
  });

  describe('several limits and a guarded statement in one', () => {
    const perAddress = { name: 'test-multi-address', limit: 2, windowSeconds: 60 };
    const perEmail = { name: 'test-multi-email', limit: 5, windowSeconds: 600 };
    const guardedInsert = (marker: string) => (allowed: ReturnType<typeof sql>) =>
      sql`insert into rate_limits (key, hits, reset_at) select ${marker}, 1, now() + interval '1 minute' where ${allowed}
        returning key`;
    const markers = async (prefix: string) =>
      (
        await queryRows<{ key: string }>(
          database.db,
          sql`select key from rate_limits where key like ${`${prefix}%`} order by key`,
        )
      ).map((row) => row.key);

    it('counts every limit and runs the guarded statement only while none refuses', async () => {
      const outcomes = [];
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        outcomes.push(
          await consumeRateLimits(
            database.db,
            [
              { rule: perAddress, subject: 'ip-9' },
              { rule: perEmail, subject: 'someone' },
            ],
            guardedInsert(`guarded-${attempt}`),
          ),
        );
      }
      expect(outcomes.map(({ states }) => states.map((state) => state.hits))).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
      expect(outcomes.map(({ states }) => states.map((state) => state.allowed))).toEqual([
        [true, true],
        [true, true],
        [false, true],
      ]);
      expect(outcomes.map(({ rows }) => rows)).toEqual([[{ key: 'guarded-1' }], [{ key: 'guarded-2' }], []]);
      expect(outcomes[2]?.states[0]?.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(await markers('guarded-')).toEqual(['guarded-1', 'guarded-2']);
    });

    it('returns the rows of a guarded read that ignores the verdict, and counts without one', async () => {
      const { rows } = await consumeRateLimits<{ answer: number }>(
        database.db,
        [{ rule: perAddress, subject: 'ip-10' }],
        () => sql`select 42 as answer`,
      );
      expect(rows).toEqual([{ answer: 42 }]);
      const counted = await consumeRateLimits(database.db, [{ rule: perAddress, subject: 'ip-10' }]);
      expect(counted).toEqual({ states: [{ allowed: true, hits: 2, retryAfterSeconds: 60 }], rows: [] });
    });
  });
});
