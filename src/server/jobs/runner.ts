import 'server-only';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { textArray } from '../content/sql-arrays';
import type { Db } from '../db/client';
import { WITHOUT_WAITING_FOR_DISK } from '../db/relaxed-commit';
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
function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

const MAX_ERROR_LENGTH = 2_000;

/**
 * Claims up to `limit` due jobs of the kinds this build knows: pending ones whose time has come, and running
 * ones whose lease ran out (their instance died). SKIP LOCKED lets every instance claim at once without two
 * taking the same row. The lease uses the longest lease of the known kinds; a kind needing longer sets its own.
 *
 * The claim commits without waiting for its WAL to reach the disk (`synchronous_commit = off` for this statement
 * only): a claim lost to a power cut leaves its jobs pending, to be claimed again; nothing is lost. It used to cost
 * an fsync per claim (about 6 ms on PGlite, blocking its one thread).
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
    FROM due, ${WITHOUT_WAITING_FOR_DISK} WHERE job.id = due.id
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

async function runClaimedJob(
  db: Db,
  job: ClaimedJob,
  workerId: string,
  now: SQL,
  finished: (id: number) => void,
): Promise<keyof RunCounts> {
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
  finished(job.id);
  return 'done';
}

/**
 * Marks the jobs of one run done, several in one statement (one commit, one fsync, where each job took one): the
 * ids of jobs finishing while a statement is on its way go in the next one. The run goes on meanwhile; `settled`
 * waits for every mark and throws the first failure (those jobs stay leased and run again after their lease).
 */
function doneMarker(db: Db, workerId: string, now: SQL) {
  let waiting: number[] = [];
  let marking: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const markAll = async () => {
    while (waiting.length > 0) {
      const ids = waiting;
      waiting = [];
      await db
        .update(backgroundJobs)
        .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: now, lastError: null })
        .where(and(inArray(backgroundJobs.id, ids), eq(backgroundJobs.lockedBy, workerId)));
    }
  };
  return {
    add(id: number): void {
      waiting.push(id);
      marking ??= markAll()
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          marking = undefined;
        });
    },
    async settled(): Promise<void> {
      while (marking) await marking;
      if (failure) throw failure.error;
    },
  };
}

export type RunOptions = {
  /**
   * The clock of this run (tests move it forward to reach scheduled jobs and retries). Default: the database's
   * clock, the one `enqueueJob` stamps jobs with, so that app servers whose clocks differ agree on what is due.
   */
  now?: Date;
  workerId?: string;
  /** Jobs run side by side (default 4). */
  concurrency?: number;
  /** Jobs claimed at once, then run `concurrency` at a time (default 32): one claim for many e-mails. */
  batchSize?: number;
  /** Stops claiming after this many jobs (default: until none is due). */
  maxJobs?: number;
};

/** Runs every due job once (claimed in batches) and answers what became of them. */
export async function runDueJobs(db: Db, options: RunOptions = {}): Promise<RunCounts> {
  const workerId = options.workerId ?? newWorkerId();
  const clock = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const batchSize = Math.max(concurrency, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const counts: RunCounts = { done: 0, retried: 0, failed: 0 };
  const marker = doneMarker(db, workerId, clock);
  const finished = (id: number) => marker.add(id);
  let budget = options.maxJobs ?? Number.POSITIVE_INFINITY;
  while (budget > 0) {
    const claimed = await claimDueJobs(db, workerId, clock, Math.min(batchSize, budget));
    if (claimed.length === 0) break;
    budget -= claimed.length;
    const queue = [...claimed];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          counts[await runClaimedJob(db, job, workerId, clock, finished)] += 1;
        }
      }),
    );
    await marker.settled();
  }
  return counts;
}

const DEFAULT_BATCH_SIZE = 32;

/** Finished jobs are kept this long for inspection, then deleted. */
const KEEP_FINISHED_DAYS = 30;

async function purgeFinishedJobs(db: Db): Promise<void> {
  await db.execute(sql`
    DELETE FROM background_jobs
    WHERE status IN ('done', 'cancelled') AND finished_at < now() - make_interval(days => ${KEEP_FINISHED_DAYS})`);
}

type RunnerState = {
  stopping: boolean;
  timer?: NodeJS.Timeout;
  /** When the pending timer fires, and whether the runner waits because nothing was due (a nudge may wake it). */
  wakeAt?: number;
  idle?: boolean;
  /** A job was queued by this process since the last look began. */
  nudged: boolean;
  wake?: () => void;
  current?: Promise<unknown>;
};
const runner = rememberBox<RunnerState | undefined>('jobs.runner', undefined);

export type RunnerOptions = {
  getDb: () => Promise<Db>;
  /** Pause between two looks for due jobs while there are some, or one was just queued here (default 1 s). */
  pollIntervalMs?: number;
  /**
   * Longest pause when no job is due: the runner sleeps until the next job's time or lease end, and a job queued
   * by this process wakes it at once, so only jobs queued by another process (an instance, a script) wait up to
   * this long (default 10 s).
   */
  idleIntervalMs?: number;
  concurrency?: number;
};

/** Logged (debug) each time the runner found nothing due and sleeps until the next job's time. */
export const JOB_RUNNER_IDLE_MESSAGE = 'aucune tâche due : exécution en pause';

/** A queued job's transaction commits within this after `enqueueJob`; the nudged look waits for it. */
const NUDGE_DELAY_MS = 100;

/**
 * Milliseconds until the next job of a known kind is due (its time, or its lease's end), by the database's clock;
 * null when there is none.
 */
async function nextDueInMs(db: Db): Promise<number | null> {
  const kinds = knownJobKinds();
  if (kinds.length === 0) return null;
  const [row] = await queryRows<{ ms: number | string | null }>(
    db,
    sql`select extract(epoch from least(
        (select min(run_at) from background_jobs where status = 'pending' and kind = any(${textArray(kinds)})),
        (select min(locked_until) from background_jobs where status = 'running' and kind = any(${textArray(kinds)}))
      ) - now()) * 1000 as ms`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/**
 * Wakes this process's runner soon after a job was queued (its transaction commits meanwhile): while it sleeps
 * because nothing was due, the job would otherwise wait for the next look. A runner busy with jobs keeps its pace
 * (the next look claims this job with the others). Nothing happens when no runner runs here.
 */
export function nudgeJobRunner(): void {
  const state = runner.value;
  if (!state || state.stopping) return;
  state.nudged = true;
  if (state.idle && state.wakeAt !== undefined && state.wakeAt > Date.now() + NUDGE_DELAY_MS) state.wake?.();
}

/**
 * Starts this instance's runner (once per process): it runs the due jobs, looks again every second while there
 * are some, sleeps until the next one's time when none is (at most `idleIntervalMs`, and woken by a job queued
 * here), and deletes old finished jobs once an hour. A database outage only delays the jobs: the next look tries
 * again. Idle, it costs two small queries every 10 s where it used to claim every second (7-10 ms of CPU a second
 * on PGlite, docs/SCALING.md).
 */
export function startJobRunner(options: RunnerOptions): void {
  if (runner.value) return;
  const state: RunnerState = { stopping: false, nudged: false };
  runner.value = state;
  const workerId = newWorkerId();
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const idleIntervalMs = Math.max(pollIntervalMs, options.idleIntervalMs ?? 10_000);
  let lastPurge = 0;
  /** Runs the due jobs; answers how long to wait before the next look, and whether because nothing was due. */
  const tick = async (): Promise<{ waitMs: number; idle: boolean }> => {
    const nudged = state.nudged;
    state.nudged = false;
    try {
      const db = await options.getDb();
      const counts = await runDueJobs(db, { workerId, concurrency: options.concurrency ?? 4 });
      if (Date.now() - lastPurge > 3_600_000) {
        lastPurge = Date.now();
        await purgeFinishedJobs(db);
      }
      if (counts.done + counts.retried + counts.failed > 0 || nudged || state.nudged) {
        return { waitMs: pollIntervalMs, idle: false };
      }
      const nextDue = await nextDueInMs(db);
      const waitMs =
        nextDue === null ? idleIntervalMs : Math.min(idleIntervalMs, Math.max(pollIntervalMs, nextDue));
      return { waitMs, idle: true };
    } catch (error) {
      logger.warn({ err: error }, 'exécution des tâches impossible : nouvel essai dans un instant');
      return { waitMs: pollIntervalMs, idle: false };
    }
  };
  const wait = (ms: number, idle: boolean) => {
    if (state.stopping) return;
    state.idle = idle;
    state.wakeAt = Date.now() + ms;
    state.timer = setTimeout(loop, ms);
    if (idle) logger.debug({ waitMs: ms }, JOB_RUNNER_IDLE_MESSAGE);
  };
  state.wake = () => {
    clearTimeout(state.timer);
    wait(NUDGE_DELAY_MS, false);
  };
  const loop = () => {
    if (state.stopping) return;
    state.idle = false;
    state.wakeAt = undefined;
    state.current = tick().then(({ waitMs, idle }) => wait(waitMs, idle));
  };
  wait(pollIntervalMs, false);
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
