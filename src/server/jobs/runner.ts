import 'server-only';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { textArray } from '../content/sql-arrays';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { backgroundJobs } from '../db/schema';
import { rememberBox } from '../lib/remember';
import { logger } from '../log';
import {
  DEFAULT_LEASE_SECONDS,
  defaultBackoffSeconds,
  type JobDefinition,
  jobDefinition,
  knownJobKinds,
  PermanentJobError,
} from './definitions';

type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number; maxAttempts: number };

export type RunCounts = { done: number; retried: number; failed: number };

/** Names this process in `locked_by`, so a lease can be traced to the instance holding it. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

const MAX_ERROR_LENGTH = 2_000;

/**
 * Claims up to `limit` due jobs of the kinds this build knows: pending ones whose time has come, and running
 * ones whose lease ran out (their instance died). SKIP LOCKED lets every instance claim at once without two
 * taking the same row. The lease uses the longest lease of the known kinds; a kind needing longer sets its own.
 */
async function claimDueJobs(db: Db, workerId: string, now: SQL, limit: number): Promise<ClaimedJob[]> {
  const kinds = knownJobKinds();
  if (kinds.length === 0) return [];
  const lease = Math.max(...kinds.map((kind) => jobDefinition(kind)?.leaseSeconds ?? DEFAULT_LEASE_SECONDS));
  const rows = await queryRows<{
    id: number;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(
    db,
    sql`
    WITH due AS (
      SELECT id FROM background_jobs
      WHERE kind = ANY(${textArray(kinds)})
        AND ((status = 'pending' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now}))
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE background_jobs AS job
    SET status = 'running', attempts = job.attempts + 1, locked_by = ${workerId},
        locked_until = ${now} + make_interval(secs => ${lease})
    FROM due WHERE job.id = due.id
    RETURNING job.id, job.kind, job.payload, job.attempts, job.max_attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  }));
}

/** Only the instance holding the lease may close a job (another may have taken it over after a long pause). */
function heldBy(job: ClaimedJob, workerId: string) {
  return and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.lockedBy, workerId));
}

async function runClaimedJob(db: Db, job: ClaimedJob, workerId: string, now: SQL): Promise<keyof RunCounts> {
  const definition = jobDefinition(job.kind) as JobDefinition;
  const parsed = definition.payload.safeParse(job.payload);
  if (!parsed.success) {
    await db
      .update(backgroundJobs)
      .set({
        status: 'failed',
        lockedBy: null,
        lockedUntil: null,
        finishedAt: now,
        lastError: parsed.error.message,
      })
      .where(heldBy(job, workerId));
    logger.error({ jobId: job.id, kind: job.kind }, 'tâche abandonnée : données invalides');
    return 'failed';
  }
  try {
    await definition.run(parsed.data, { db, attempt: job.attempts, jobId: job.id });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    const exhausted = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    const backoff = (definition.backoffSeconds ?? defaultBackoffSeconds)(job.attempts);
    await db
      .update(backgroundJobs)
      .set({
        status: exhausted ? 'failed' : 'pending',
        runAt: sql`${now} + make_interval(secs => ${backoff})`,
        lockedBy: null,
        lockedUntil: null,
        lastError: message,
        finishedAt: exhausted ? now : null,
      })
      .where(heldBy(job, workerId));
    logger.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts, err: error },
      exhausted ? 'tâche en échec définitif' : 'tâche en échec : nouvel essai prévu',
    );
    return exhausted ? 'failed' : 'retried';
  }
  await db
    .update(backgroundJobs)
    .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: now, lastError: null })
    .where(heldBy(job, workerId));
  return 'done';
}

export type RunOptions = {
  /**
   * The clock of this run (tests move it forward to reach scheduled jobs and retries). Default: the database's
   * clock, the one `enqueueJob` stamps jobs with, so that app servers whose clocks differ agree on what is due.
   */
  now?: Date;
  workerId?: string;
  /** Jobs claimed and run side by side (default 4). */
  concurrency?: number;
  /** Stops claiming after this many jobs (default: until none is due). */
  maxJobs?: number;
};

/** Runs every due job once (claimed in batches) and answers what became of them. */
export async function runDueJobs(db: Db, options: RunOptions = {}): Promise<RunCounts> {
  const workerId = options.workerId ?? newWorkerId();
  const clock = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const concurrency = options.concurrency ?? 4;
  const counts: RunCounts = { done: 0, retried: 0, failed: 0 };
  let budget = options.maxJobs ?? Number.POSITIVE_INFINITY;
  while (budget > 0) {
    const claimed = await claimDueJobs(db, workerId, clock, Math.min(concurrency, budget));
    if (claimed.length === 0) break;
    budget -= claimed.length;
    const outcomes = await Promise.all(claimed.map((job) => runClaimedJob(db, job, workerId, clock)));
    for (const outcome of outcomes) counts[outcome] += 1;
  }
  return counts;
}

/** Finished jobs are kept this long for inspection, then deleted. */
const KEEP_FINISHED_DAYS = 30;

async function purgeFinishedJobs(db: Db): Promise<void> {
  await db.execute(sql`
    DELETE FROM background_jobs
    WHERE status IN ('done', 'cancelled') AND finished_at < now() - make_interval(days => ${KEEP_FINISHED_DAYS})`);
}

type RunnerState = { stopping: boolean; timer?: NodeJS.Timeout; current?: Promise<unknown> };
const runner = rememberBox<RunnerState | undefined>('jobs.runner', undefined);

export type RunnerOptions = {
  getDb: () => Promise<Db>;
  /** Pause between two looks for due jobs when none was found (default 1 s). */
  pollIntervalMs?: number;
  concurrency?: number;
};

/**
 * Starts this instance's runner (once per process): it looks for due jobs every second, runs them, and deletes
 * old finished jobs once an hour. A database outage only delays the jobs: the next look tries again.
 */
export function startJobRunner(options: RunnerOptions): void {
  if (runner.value) return;
  const state: RunnerState = { stopping: false };
  runner.value = state;
  const workerId = newWorkerId();
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  let lastPurge = 0;
  const tick = async () => {
    try {
      const db = await options.getDb();
      await runDueJobs(db, { workerId, concurrency: options.concurrency ?? 4 });
      if (Date.now() - lastPurge > 3_600_000) {
        lastPurge = Date.now();
        await purgeFinishedJobs(db);
      }
    } catch (error) {
      logger.warn({ err: error }, 'exécution des tâches impossible : nouvel essai dans un instant');
    }
  };
  const loop = () => {
    if (state.stopping) return;
    state.current = tick().finally(() => {
      if (!state.stopping) state.timer = setTimeout(loop, pollIntervalMs);
    });
  };
  state.timer = setTimeout(loop, pollIntervalMs);
  logger.info({ workerId, kinds: knownJobKinds() }, 'exécution des tâches de fond démarrée');
}

/** Stops claiming and waits for the jobs in hand (a graceful stop); those cut off are re-run after their lease. */
export async function stopJobRunner(): Promise<void> {
  const state = runner.value;
  if (!state) return;
  state.stopping = true;
  clearTimeout(state.timer);
  await state.current?.catch(() => {});
  runner.value = undefined;
}
