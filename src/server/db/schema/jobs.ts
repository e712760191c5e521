import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Background jobs: the product's one job runner (src/server/jobs, decision 008)

/**
 * Work done after the request that asked for it: e-mails, scheduled publications, alerts, campaigns. Every app
 * instance claims due rows with FOR UPDATE SKIP LOCKED; a claimed row carries a lease, so the jobs of an
 * instance that died are claimed again once the lease has run out.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    /** pending, running, done, failed (attempts exhausted or invalid payload) or cancelled. */
    status: text().notNull().default('pending'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    /** At most one pending or running job per kind and key (a scheduled publication of one article, say). */
    dedupeKey: text(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('background_jobs_due_idx').on(t.runAt).where(sql`status = 'pending'`),
    index('background_jobs_lease_idx').on(t.lockedUntil).where(sql`status = 'running'`),
    uniqueIndex('background_jobs_dedupe_idx')
      .on(t.kind, t.dedupeKey)
      .where(sql`dedupe_key IS NOT NULL AND status IN ('pending', 'running')`),
  ],
);
