import 'server-only';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { backgroundJobs } from '../db/schema';
import { DEFAULT_MAX_ATTEMPTS, type JobDefinition } from './definitions';
import { nudgeJobRunner } from './runner';

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job of this kind and key is pending or running, queuing another is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
};

/**
 * Queues a job. Pass the transaction of the write that needs it, so both are committed together or neither is.
 * Answers the new job's id, or undefined when a job with the same kind and `dedupeKey` is already waiting.
 */
export async function enqueueJob<Payload>(
  db: Db,
  job: JobDefinition<Payload>,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<number | undefined> {
  const checked = job.payload.parse(payload);
  const [row] = await db
    .insert(backgroundJobs)
    .values({
      kind: job.kind,
      payload: checked,
      runAt: options.runAt ?? sql`now()`,
      maxAttempts: options.maxAttempts ?? job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      dedupeKey: options.dedupeKey ?? null,
    })
    .onConflictDoNothing({
      target: [backgroundJobs.kind, backgroundJobs.dedupeKey],
      where: sql`dedupe_key IS NOT NULL AND status IN ('pending', 'running')`,
    })
    .returning({ id: backgroundJobs.id });
  // This process's runner looks for it soon, whenever the transaction that queued it commits.
  if (row) nudgeJobRunner();
  return row?.id;
}

/**
 * The statement that queues the job once for each row of `from` (a name of the caller's WITH, or a subquery), for a
 * caller that queues it in the statement of the write it belongs to. It returns each new job's id; call
 * `nudgeJobRunner` (./runner) when one was queued. No `dedupeKey` here.
 */
export function jobInsert<Payload>(job: JobDefinition<Payload>, payload: Payload, from: SQL): SQL {
  const checked = job.payload.parse(payload);
  return sql`insert into ${backgroundJobs} (kind, payload, max_attempts)
    select ${job.kind}, ${JSON.stringify(checked)}::jsonb, ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int from ${from}
    returning id`;
}

/** Cancels the pending jobs of a kind (with that key, if given); a running one finishes. Answers how many. */
export async function cancelJobs(db: Db, filter: { kind: string; dedupeKey?: string }): Promise<number> {
  const rows = await db
    .update(backgroundJobs)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(
      and(
        eq(backgroundJobs.kind, filter.kind),
        eq(backgroundJobs.status, 'pending'),
        filter.dedupeKey === undefined ? undefined : eq(backgroundJobs.dedupeKey, filter.dedupeKey),
      ),
    )
    .returning({ id: backgroundJobs.id });
  return rows.length;
}

export type JobCounts = Record<'pending' | 'running' | 'done' | 'failed' | 'cancelled', number>;

/** Jobs by status, for one kind or all (operations and tests). */
export async function countJobs(db: Db, kinds?: string[]): Promise<JobCounts> {
  const rows = await db
    .select({ status: backgroundJobs.status, count: sql<number>`count(*)::int` })
    .from(backgroundJobs)
    .where(kinds ? inArray(backgroundJobs.kind, kinds) : undefined)
    .groupBy(backgroundJobs.status);
  const counts: JobCounts = { pending: 0, running: 0, done: 0, failed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status as keyof JobCounts] = row.count;
  return counts;
}
