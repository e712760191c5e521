import 'server-only';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { DAILY_NAME } from '@/lib/site';
import { getCurrentIssue } from '../../daily-issue/daily-issue';
import type { Db } from '../../db/client';
import { newsletterCampaigns, newsletterDeliveries, newsletterSubscribers } from '../../db/schema';
import { emailSenderFor } from '../../email/transport';
import { env } from '../../env';
import {
  DEFAULT_BATCH_SIZE,
  releaseClaimedRecipients,
  sendCampaignSlice,
  startSending,
} from '../campaign-sender';
import { createCampaign } from '../campaigns';
import { isConfirmedSubscriber } from '../subscribers';
import { buildNewsletterEmail } from './newsletter-email';

// `npm run newsletter:send`: the same campaign code as the newsroom (campaigns.ts), run in this process. It sends
// the current issue's campaign (the latest one of that day, or a new one), so a run after an interruption, or
// after a staff member's campaign of the day, sends only to those who have not received it.

export { DEFAULT_BATCH_SIZE };

export type SendProgress = { total: number; done: number; sent: number; skipped: number; failed: number };

export type SendOptions = {
  /** smtp://user:pass@host:port or smtps://…; ignored when dryRunDir is set. */
  smtpUrl?: string | undefined;
  /** Write each message as a .eml file here instead of sending it (nothing is recorded). */
  dryRunDir?: string | undefined;
  /** From address, e.g. "La Quotidienne <newsletter@example.fr>". */
  from: string;
  siteUrl: string;
  batchSize?: number | undefined;
  /** Messages per second at most (default NEWSLETTER_RATE_PER_SECOND). */
  ratePerSecond?: number | undefined;
  /** The day whose current issue is sent (default: now). */
  today?: Date | undefined;
  onProgress?: ((progress: SendProgress) => void) | undefined;
};

export type SendReport = SendProgress & {
  issueName: string;
  issueDate: string;
  campaignId: number | null;
  /** Addresses whose message the server refused, with its reason. */
  failures: { email: string; reason: string }[];
};

export class NothingToSendError extends Error {
  constructor() {
    super('Aucune Quotidienne publiée à envoyer.');
    this.name = 'NothingToSendError';
  }
}

function emlName(index: number, email: string): string {
  return `${String(index).padStart(6, '0')}-${email.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
}

/** The campaign of an issue this command continues: the latest of that day not cancelled, or a new one. */
async function campaignOfDay(db: Db, day: string): Promise<number> {
  const [latest] = await db
    .select({ id: newsletterCampaigns.id })
    .from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.issueDate, day), ne(newsletterCampaigns.status, 'cancelled')))
    .orderBy(desc(newsletterCampaigns.id))
    .limit(1);
  return latest?.id ?? (await createCampaign(db, null, day, { automatic: true })).id;
}

async function countByStatus(db: Db, campaignId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: newsletterDeliveries.status, count: sql<number>`count(*)::int` })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.campaignId, campaignId))
    .groupBy(newsletterDeliveries.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/** The dry run: every confirmed subscriber's message as a .eml file, in address order, nothing recorded. */
async function writeDryRun(
  db: Db,
  issue: NonNullable<Awaited<ReturnType<typeof getCurrentIssue>>>,
  options: SendOptions & { dryRunDir: string },
): Promise<SendReport> {
  mkdirSync(options.dryRunDir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(isConfirmedSubscriber);
  const progress: SendProgress = { total, done: 0, sent: 0, skipped: 0, failed: 0 };
  let after = '';
  for (;;) {
    // Keyset pages: memory stays flat whatever the number of subscribers.
    const rows = await db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(and(isConfirmedSubscriber, gt(newsletterSubscribers.email, after)))
      .orderBy(asc(newsletterSubscribers.email))
      .limit(batchSize);
    if (rows.length === 0) break;
    for (const { email } of rows) {
      const message = buildNewsletterEmail(issue, email, options.siteUrl);
      const info = await transport.sendMail({ from: options.from, ...message });
      progress.done += 1;
      progress.sent += 1;
      writeFileSync(path.join(options.dryRunDir, emlName(progress.done, email)), info.message as Buffer);
      options.onProgress?.({ ...progress });
      after = email;
    }
  }
  return {
    ...progress,
    issueName: issue.issueName || DAILY_NAME,
    issueDate: issue.publicationDate,
    campaignId: null,
    failures: [],
  };
}

/**
 * Sends the current daily issue to every confirmed subscriber through its campaign: those who already received
 * it are skipped, refused ones are tried again, the rest are sent in batches at the configured rate.
 */
export async function sendNewsletter(db: Db, options: SendOptions): Promise<SendReport> {
  const issue = await getCurrentIssue(db, options.today ?? new Date());
  if (!issue || issue.news.length === 0) throw new NothingToSendError();
  if (options.dryRunDir) return writeDryRun(db, issue, { ...options, dryRunDir: options.dryRunDir });
  if (!options.smtpUrl)
    throw new Error('SMTP_URL manquant : indiquez un serveur SMTP ou utilisez --dry-run.');

  const campaignId = await campaignOfDay(db, issue.publicationDate);
  await startSending(db, campaignId, { retryFailed: true });
  await releaseClaimedRecipients(db, campaignId);
  const before = await countByStatus(db, campaignId);
  const skipped = before.sent ?? 0;
  const total = Object.values(before).reduce((sum, count) => sum + count, 0);
  const progress: SendProgress = { total, done: skipped, sent: 0, skipped, failed: 0 };
  const failures: SendReport['failures'] = [];
  await sendCampaignSlice(db, campaignId, {
    deliver: emailSenderFor({ ...env(), SMTP_URL: options.smtpUrl }, options.from),
    siteUrl: options.siteUrl,
    ratePerSecond: options.ratePerSecond ?? env().NEWSLETTER_RATE_PER_SECOND,
    batchSize: options.batchSize,
    onDelivery: (event) => {
      if (event.status === 'pending') return;
      progress.done += 1;
      if (event.status === 'sent') progress.sent += 1;
      else {
        progress.failed += 1;
        failures.push({ email: event.email, reason: event.error ?? '' });
      }
      options.onProgress?.({ ...progress });
    },
  });
  return {
    ...progress,
    issueName: issue.issueName || DAILY_NAME,
    issueDate: issue.publicationDate,
    campaignId,
    failures,
  };
}
