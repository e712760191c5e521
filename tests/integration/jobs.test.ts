import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '@/server/db/client';
import { backgroundJobs } from '@/server/db/schema';
import { defineJob, PermanentJobError } from '@/server/jobs/definitions';
import { cancelJobs, countJobs, enqueueJob } from '@/server/jobs/queue';
import { JOB_RUNNER_IDLE_MESSAGE, runDueJobs, startJobRunner, stopJobRunner } from '@/server/jobs/runner';
import { logger } from '@/server/log';
import { createTestDatabase } from '../support/database';

let database: Database;
const ran: string[] = [];
let failuresLeft = 0;

const recordJob = defineJob({
  kind: 'test.record',
  payload: z.object({ label: z.string() }),
  run: async ({ label }) => {
    ran.push(label);
  },
});

const flakyJob = defineJob({
  kind: 'test.flaky',
  payload: z.object({ label: z.string() }),
  maxAttempts: 3,
  backoffSeconds: (attempt) => attempt * 60,
  run: async ({ label }) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error(`panne simulée (${label})`);
    }
    ran.push(label);
  },
});

const refusedJob = defineJob({
  kind: 'test.refused',
  payload: z.object({}),
  run: async () => {
    throw new PermanentJobError('destinataire refusé');
  },
});

const slowJob = defineJob({
  kind: 'test.slow',
  payload: z.object({ label: z.string() }),
  run: async ({ label }) => {
    // Gives the event loop a turn, so that the other runners' claims interleave with this job.
    await new Promise((resolve) => setImmediate(resolve));
    ran.push(label);
  },
});

/** How many jobs were running (claimed) when each `test.peek` job ran. */
const runningSeen: number[] = [];
const peekJob = defineJob({
  kind: 'test.peek',
  payload: z.object({}),
  run: async () => {
    runningSeen.push((await countJobs(database.db, ['test.peek'])).running);
  },
});

async function jobRow(id: number | undefined) {
  const [row] = await database.db
    .select()
    .from(backgroundJobs)
    .where(eq(backgroundJobs.id, id ?? -1));
  return row;
}

const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** Resolves once the background runner has gone idle `times` times in all (it logs each pause at debug level). */
async function runnerIdle(times = 1): Promise<void> {
  const pauses = () =>
    vi.mocked(logger.debug).mock.calls.filter((call) => call.includes(JOB_RUNNER_IDLE_MESSAGE)).length;
  await expect.poll(pauses, { timeout: 5_000, interval: 10 }).toBeGreaterThanOrEqual(times);
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  ran.length = 0;
  runningSeen.length = 0;
  failuresLeft = 0;
  vi.spyOn(logger, 'debug');
  await database.db.delete(backgroundJobs);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('background jobs', () => {
  it('runs a queued job once with its payload and marks it done', async () => {
    const id = await enqueueJob(database.db, recordJob, { label: 'a' });
    expect(await runDueJobs(database.db)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(ran).toEqual(['a']);
    expect(await runDueJobs(database.db)).toEqual({ done: 0, retried: 0, failed: 0 });
    const row = await jobRow(id);
    expect(row?.status).toBe('done');
    expect(row?.attempts).toBe(1);
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });

  it('refuses a payload that does not match the job, before anything is stored', async () => {
    await expect(
      enqueueJob(database.db, recordJob, { label: 42 } as unknown as { label: string }),
    ).rejects.toThrow();
    expect((await countJobs(database.db)).pending).toBe(0);
  });

  it('waits for the time a job is scheduled at', async () => {
    await enqueueJob(database.db, recordJob, { label: 'plus tard' }, { runAt: minutesLater(30) });
    await runDueJobs(database.db);
    expect(ran).toEqual([]);
    await runDueJobs(database.db, { now: minutesLater(31) });
    expect(ran).toEqual(['plus tard']);
  });

  it('queues one job per kind and key while it waits, and again once it is done', async () => {
    const first = await enqueueJob(database.db, recordJob, { label: 'x' }, { dedupeKey: 'article:1' });
    const second = await enqueueJob(database.db, recordJob, { label: 'y' }, { dedupeKey: 'article:1' });
    expect(first).toBeTypeOf('number');
    expect(second).toBeUndefined();
    await runDueJobs(database.db);
    expect(ran).toEqual(['x']);
    const third = await enqueueJob(database.db, recordJob, { label: 'z' }, { dedupeKey: 'article:1' });
    expect(third).toBeTypeOf('number');
  });

  it('cancels pending jobs by kind and key', async () => {
    await enqueueJob(database.db, recordJob, { label: 'gardé' }, { dedupeKey: 'a' });
    await enqueueJob(database.db, recordJob, { label: 'annulé' }, { dedupeKey: 'b' });
    expect(await cancelJobs(database.db, { kind: recordJob.kind, dedupeKey: 'b' })).toBe(1);
    await runDueJobs(database.db);
    expect(ran).toEqual(['gardé']);
    expect((await countJobs(database.db)).cancelled).toBe(1);
  });

  it('retries a failed job after its backoff and records the error', async () => {
    failuresLeft = 1;
    const id = await enqueueJob(database.db, flakyJob, { label: 'f' });
    expect(await runDueJobs(database.db)).toEqual({ done: 0, retried: 1, failed: 0 });
    const waiting = await jobRow(id);
    expect(waiting?.status).toBe('pending');
    expect(waiting?.lastError).toContain('panne simulée');
    expect(waiting?.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await runDueJobs(database.db);
    expect(ran).toEqual([]);
    expect(await runDueJobs(database.db, { now: minutesLater(2) })).toEqual({
      done: 1,
      retried: 0,
      failed: 0,
    });
    expect(ran).toEqual(['f']);
    expect((await jobRow(id))?.attempts).toBe(2);
  });

  it('fails a job for good once its attempts are spent, keeping the last error', async () => {
    failuresLeft = 10;
    const id = await enqueueJob(database.db, flakyJob, { label: 'g' });
    await runDueJobs(database.db);
    await runDueJobs(database.db, { now: minutesLater(2) });
    expect(await runDueJobs(database.db, { now: minutesLater(10) })).toEqual({
      done: 0,
      retried: 0,
      failed: 1,
    });
    const row = await jobRow(id);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(3);
    expect(row?.lastError).toContain('panne simulée');
    expect(await runDueJobs(database.db, { now: minutesLater(600) })).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
  });

  it('fails at once on a permanent error', async () => {
    const id = await enqueueJob(database.db, refusedJob, {});
    expect(await runDueJobs(database.db)).toEqual({ done: 0, retried: 0, failed: 1 });
    expect((await jobRow(id))?.lastError).toBe('destinataire refusé');
  });

  it('fails a stored payload that no longer matches the job instead of running it', async () => {
    const [row] = await database.db
      .insert(backgroundJobs)
      .values({ kind: recordJob.kind, payload: { autre: true }, maxAttempts: 3 })
      .returning({ id: backgroundJobs.id });
    expect(await runDueJobs(database.db)).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(ran).toEqual([]);
    expect((await jobRow(row?.id))?.status).toBe('failed');
  });

  it('leaves alone the jobs of kinds this build does not know', async () => {
    await database.db.insert(backgroundJobs).values({ kind: 'test.unknown', payload: {}, maxAttempts: 3 });
    expect(await runDueJobs(database.db)).toEqual({ done: 0, retried: 0, failed: 0 });
    expect((await countJobs(database.db, ['test.unknown'])).pending).toBe(1);
  });

  it('takes over the job of an instance whose lease ran out, and only then', async () => {
    const id = await enqueueJob(database.db, recordJob, { label: 'repris' });
    // An instance claimed it and died: the row stays running under its lease.
    await database.db
      .update(backgroundJobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'morte', lockedUntil: minutesLater(5) })
      .where(eq(backgroundJobs.id, id ?? -1));
    await runDueJobs(database.db);
    expect(ran).toEqual([]);
    await runDueJobs(database.db, { now: minutesLater(6) });
    expect(ran).toEqual(['repris']);
    const row = await jobRow(id);
    expect(row?.status).toBe('done');
    expect(row?.attempts).toBe(2);
  });

  it('queues nothing when the transaction that queued the job rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, recordJob, { label: 'annulé' });
        throw new Error('écriture refusée');
      }),
    ).rejects.toThrow('écriture refusée');
    expect((await countJobs(database.db)).pending).toBe(0);
  });

  it('runs each job exactly once when several runners claim at the same time', async () => {
    const labels = Array.from({ length: 40 }, (_, index) => `j${index}`);
    for (const label of labels) await enqueueJob(database.db, slowJob, { label });
    const results = await Promise.all(
      ['a', 'b', 'c'].map((workerId) => runDueJobs(database.db, { workerId, concurrency: 3 })),
    );
    expect(results.reduce((sum, counts) => sum + counts.done, 0)).toBe(40);
    expect([...ran].sort()).toEqual([...labels].sort());
    expect(await countJobs(database.db)).toMatchObject({ pending: 0, running: 0, done: 40 });
  });

  it('claims a batch of jobs at once and runs it a few at a time, every job marked done', async () => {
    for (let index = 0; index < 10; index += 1) await enqueueJob(database.db, peekJob, {});
    expect(await runDueJobs(database.db, { concurrency: 2 })).toEqual({ done: 10, retried: 0, failed: 0 });
    // One claim took all ten (each claim took `concurrency` jobs before): the first job saw them all running.
    expect(runningSeen[0]).toBe(10);
    expect(await countJobs(database.db, ['test.peek'])).toMatchObject({ running: 0, done: 10 });
    const rows = await database.db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, 'test.peek'));
    expect(rows.every((row) => row.lockedBy === null && row.finishedAt !== null)).toBe(true);
  });

  it('wakes at once for a job queued by this process while idle, however long its idle pause', async () => {
    startJobRunner({ getDb: async () => database.db, pollIntervalMs: 50, idleIntervalMs: 60_000 });
    try {
      // Once it found nothing and fell asleep for its idle pause.
      await runnerIdle();
      const queued = Date.now();
      await enqueueJob(database.db, recordJob, { label: 'réveil' });
      await expect.poll(() => [...ran], { timeout: 5_000 }).toEqual(['réveil']);
      expect(Date.now() - queued).toBeLessThan(3_000);
    } finally {
      await stopJobRunner();
    }
  });

  it('sleeps until the next job is due, and looks again within its idle pause for jobs queued elsewhere', async () => {
    startJobRunner({ getDb: async () => database.db, pollIntervalMs: 50, idleIntervalMs: 1_500 });
    try {
      await runnerIdle();
      // Queued by another process: no nudge reaches this runner.
      await database.db
        .insert(backgroundJobs)
        .values({ kind: 'test.record', payload: { label: 'ailleurs' }, maxAttempts: 3 });
      await expect.poll(() => [...ran], { timeout: 5_000 }).toEqual(['ailleurs']);
      await stopJobRunner();
      vi.mocked(logger.debug).mockClear();
      startJobRunner({ getDb: async () => database.db, pollIntervalMs: 50, idleIntervalMs: 60_000 });
      await runnerIdle();
      // Scheduled 1.5 s ahead, queued elsewhere: the idle runner wakes for its time, not after 60 s.
      await database.db.insert(backgroundJobs).values({
        kind: 'test.record',
        payload: { label: 'à l’heure' },
        maxAttempts: 3,
        runAt: new Date(Date.now() + 1_500),
      });
      // The runner learns of it at its next look: wake it once (as a job queued here would) to read the schedule.
      await enqueueJob(database.db, recordJob, { label: 'réveil' });
      await expect
        .poll(() => [...ran].sort(), { timeout: 6_000 })
        .toEqual(['ailleurs', 'réveil', 'à l’heure']);
    } finally {
      await stopJobRunner();
    }
  });

  it('runs due jobs in the background of a running instance and stops cleanly', async () => {
    let looksOfStopped = 0;
    startJobRunner({
      getDb: async () => {
        looksOfStopped += 1;
        return database.db;
      },
      pollIntervalMs: 20,
    });
    try {
      await enqueueJob(database.db, recordJob, { label: 'en fond' });
      await expect.poll(() => [...ran], { timeout: 10_000 }).toEqual(['en fond']);
    } finally {
      await stopJobRunner();
    }
    const looksAtStop = looksOfStopped;
    await enqueueJob(database.db, recordJob, { label: 'après arrêt' });
    // A new runner takes the job: by then the stopped one, had it gone on looking every 20 ms, would have looked
    // again and could have taken it first.
    startJobRunner({ getDb: async () => database.db, pollIntervalMs: 20 });
    try {
      await expect.poll(() => [...ran], { timeout: 10_000 }).toEqual(['en fond', 'après arrêt']);
    } finally {
      await stopJobRunner();
    }
    expect(looksOfStopped).toBe(looksAtStop);
  });
});
