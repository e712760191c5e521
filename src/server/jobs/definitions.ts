import 'server-only';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { remember } from '../lib/remember';

type JobContext = {
  db: Db;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  jobId: number;
};

export type JobDefinition<Payload = unknown> = {
  /** Stable name stored with each job, e.g. `email.send`; a rename strands the jobs already queued. */
  kind: string;
  /** Checked when the job is queued and again when it runs (a payload queued by an older build may differ). */
  payload: z.ZodType<Payload>;
  /**
   * Does the work. It may run more than once for one job (an instance that dies after the work and before the
   * job is marked done): make it idempotent, or record what was done in the same transaction as the work.
   */
  run: (payload: Payload, context: JobContext) => Promise<void>;
  /** Runs before the job is marked failed for good (default 10). */
  maxAttempts?: number;
  /** Wait before the next attempt after a failure of attempt `attempt` (default: exponential, 30 s to 1 h). */
  backoffSeconds?: (attempt: number) => number;
  /** How long a claimed job belongs to its instance before another may take it over (default 300 s). */
  leaseSeconds?: number;
};

export const DEFAULT_MAX_ATTEMPTS = 10;
export const DEFAULT_LEASE_SECONDS = 300;

/** 30 s, 1 min, 2 min, … doubling up to one hour. */
export function defaultBackoffSeconds(attempt: number): number {
  return Math.min(3_600, 30 * 2 ** Math.max(0, attempt - 1));
}

// One registry per process: Next.js may load this module more than once in one process (decision 002).
const registry = remember('jobs.registry', () => new Map<string, JobDefinition>());

/** Declares a kind of job; the module that calls it is imported by `handlers.ts` so every instance knows it. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  // A module loaded a second time (Next.js bundles, tests) declares its kinds again: the last one wins.
  registry.set(definition.kind, definition as JobDefinition);
  return definition;
}

export function jobDefinition(kind: string): JobDefinition | undefined {
  return registry.get(kind);
}

export function knownJobKinds(): string[] {
  return [...registry.keys()];
}

/** Thrown by a job whose failure retrying cannot change (a refused recipient): it fails at once, for good. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
