import 'server-only';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { DAILY_NAME } from '@/lib/site';
import { getCurrentIssue } from '../../content/daily-issue';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';
import { buildNewsletterEmail } from './newsletter-email';
import { SendJournal } from './send-journal';

/** Recipients per batch: one batch is sent over the pooled connections, then the next. */
export const DEFAULT_BATCH_SIZE = 50;
/** Parallel SMTP connections of the pool (and messages in flight in a batch). */
const MAX_CONNECTIONS = 4;

export type SendProgress = { total: number; done: number; sent: number; skipped: number; failed: number };

export type SendOptions = {
  /** smtp://user:pass@host:port or smtps://…; ignored when dryRunDir is set. */
  smtpUrl?: string | undefined;
  /** Write each message as a .eml file here instead of sending it. */
  dryRunDir?: string | undefined;
  /** Where the delivery journal of each issue lives (resuming an interrupted run). */
  journalDir: string;
  /** From address, e.g. "La Quotidienne <newsletter@example.fr>". */
  from: string;
  siteUrl: string;
  batchSize?: number | undefined;
  /** The day whose current issue is sent (default: now). */
  today?: Date | undefined;
  onProgress?: ((progress: SendProgress) => void) | undefined;
};

export type SendReport = SendProgress & {
  issueName: string;
  issueDate: string;
  /** Addresses whose message the server refused, with its reason. */
  failures: { email: string; reason: string }[];
};

export class NothingToSendError extends Error {
  constructor() {
    super('Aucune Quotidienne publiée à envoyer.');
    this.name = 'NothingToSendError';
  }
}

function createTransport(options: SendOptions): Transporter {
  if (options.dryRunDir)
    return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  if (!options.smtpUrl)
    throw new Error('SMTP_URL manquant : indiquez un serveur SMTP ou utilisez --dry-run.');
  return nodemailer.createTransport({ pool: true, url: options.smtpUrl, maxConnections: MAX_CONNECTIONS });
}

function emlName(index: number, email: string): string {
  return `${String(index).padStart(6, '0')}-${email.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
}

/**
 * Sends the current daily issue to every active subscriber, in batches, skipping those the journal says
 * already received it (a second run after an interruption sends only the rest). A refused message is reported
 * and not journaled, so the next run tries it again.
 */
export async function sendNewsletter(db: Db, options: SendOptions): Promise<SendReport> {
  const issue = await getCurrentIssue(db, options.today ?? new Date());
  if (!issue || issue.news.length === 0) throw new NothingToSendError();
  const rows = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.active, true))
    .orderBy(asc(newsletterSubscribers.email));

  const journal = new SendJournal(options.journalDir, issue.publicationDate);
  const transport = createTransport(options);
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const progress: SendProgress = { total: rows.length, done: 0, sent: 0, skipped: 0, failed: 0 };
  const failures: SendReport['failures'] = [];
  if (options.dryRunDir) mkdirSync(options.dryRunDir, { recursive: true });

  const sendOne = async (email: string, index: number) => {
    if (journal.has(email)) {
      progress.skipped += 1;
      return;
    }
    const message = buildNewsletterEmail(issue, email, options.siteUrl);
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
      });
      if (options.dryRunDir) {
        writeFileSync(path.join(options.dryRunDir, emlName(index, email)), info.message as Buffer);
      }
      journal.record(email);
      progress.sent += 1;
    } catch (error) {
      progress.failed += 1;
      failures.push({ email, reason: error instanceof Error ? error.message : String(error) });
    }
  };

  try {
    for (let start = 0; start < rows.length; start += batchSize) {
      const batch = rows.slice(start, start + batchSize);
      // The pool bounds the connections; each message is journaled as soon as it is accepted.
      await Promise.all(
        batch.map(async (row, offset) => {
          await sendOne(row.email, start + offset + 1);
          progress.done += 1;
          options.onProgress?.({ ...progress });
        }),
      );
    }
  } finally {
    journal.close();
    transport.close();
  }
  return {
    ...progress,
    issueName: issue.issueName || DAILY_NAME,
    issueDate: issue.publicationDate,
    failures,
  };
}
