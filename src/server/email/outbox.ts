import 'server-only';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { backgroundJobs } from '../db/schema';
import { env } from '../env';
import { DEFAULT_MAX_ATTEMPTS, defineJob, PermanentJobError } from '../jobs/definitions';
import { enqueueJob, jobInsert } from '../jobs/queue';
import { nudgeJobRunner } from '../jobs/runner';
import { emailSenderFor } from './transport';

const emailMessage = z.object({
  to: z.email(),
  subject: z.string().min(1).max(250),
  html: z.string().min(1).max(1_000_000),
  text: z.string().min(1).max(500_000),
  headers: z.record(z.string(), z.string().max(2_000)).optional(),
  /** What the message is (password-reset, newsletter-confirmation, …): for logs and counts. */
  category: z.string().min(1).max(60),
});

export type EmailMessage = z.infer<typeof emailMessage>;

/** An SMTP reply that will not change by retrying: the recipient or the message was refused for good. */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends one queued e-mail. Retries follow the runner's backoff (30 s doubling up to an hour): with 40 attempts an
 * SMTP outage of more than a day loses nothing. A 5xx refusal is final and recorded with the server's answer.
 */
export const sendEmailJob = defineJob({
  kind: 'email.send',
  payload: emailMessage,
  maxAttempts: 40,
  run: async ({ category: _category, ...message }) => {
    try {
      await emailSenderFor(env())(message);
    } catch (error) {
      if (isPermanentRefusal(error)) {
        throw new PermanentJobError(error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  },
});

/**
 * Queues an e-mail for the job runner. Pass the transaction of the write the e-mail belongs to (a reset token,
 * a subscription): the message is sent if and only if that write is committed, and an SMTP outage never fails
 * the reader's request.
 */
export async function queueEmail(db: Db, message: EmailMessage): Promise<void> {
  await enqueueJob(db, sendEmailJob, message);
}

/**
 * Queues many e-mails (a bulk import's confirmations) with their start times spaced `perSecond` a second: the
 * runner sends them at that rate at most, and an SMTP outage delays them without losing any.
 */
export async function queueEmailsPaced(
  db: Db,
  messages: readonly EmailMessage[],
  perSecond: number,
): Promise<void> {
  const start = Date.now();
  const rows = messages.map((message, index) => ({
    kind: sendEmailJob.kind,
    payload: sendEmailJob.payload.parse(message),
    runAt: new Date(start + Math.floor(index / perSecond) * 1_000),
    maxAttempts: sendEmailJob.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  }));
  for (let at = 0; at < rows.length; at += 500) {
    await db.insert(backgroundJobs).values(rows.slice(at, at + 500));
  }
  if (rows.length > 0) nudgeJobRunner();
}

/** The statement that queues the e-mail once per row of `from`, inside the caller's statement (`jobInsert`). */
export function emailInsert(message: EmailMessage, from: SQL): SQL {
  return jobInsert(sendEmailJob, message, from);
}
