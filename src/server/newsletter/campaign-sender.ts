import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { getIssueByDate } from '../daily-issue/daily-issue';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { newsletterCampaigns, newsletterDeliveries } from '../db/schema';
import type { Sender } from '../email/transport';
import { PermanentJobError } from '../jobs/definitions';
import { clickUrl, registerCampaignLinks } from './campaign-links';
import { buildNewsletterEmail, newsletterLinks } from './sending/newsletter-email';
import { isConfirmedSubscriber } from './subscribers';

// The sending loop of a campaign, shared by the job runner (campaigns.ts) and `npm run newsletter:send`.
// Recipients are rows of `newsletter_deliveries` (one per campaign and address: nobody gets a campaign twice);
// a sender claims `pending` rows in batches (`sending`), sends them at the configured rate, and records each
// outcome: `sent` just before the server can accept the message (its last byte waits for that record), `failed`
// with the server's answer, or back to `pending`.

/** Recipients claimed at once: enough to keep the connections busy, few enough that memory stays flat. */
export const DEFAULT_BATCH_SIZE = 100;
/** Messages in flight at once (the SMTP pool queues beyond its connections). */
const CONCURRENCY = 4;
const MAX_ERROR_LENGTH = 1_000;

export type CampaignRow = typeof newsletterCampaigns.$inferSelect;

/** An SMTP refusal that retrying cannot change (5xx): the recipient fails for good, with the server's answer. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
}

/** A transient failure (connection refused, 4xx): the batch went back to `pending`, the caller retries later. */
class TransientSendError extends Error {
  constructor(cause: unknown) {
    super(`Envoi interrompu, nouvel essai plus tard : ${describe(cause)}`);
    this.name = 'TransientSendError';
  }
}

/**
 * Spaces message starts `1000 / rate` ms apart, whatever the number in flight: the configured rate is never
 * exceeded, and a slow server only lowers it.
 */
class Pacer {
  private nextAt = 0;
  private readonly intervalMs: number;

  constructor(ratePerSecond: number) {
    this.intervalMs = 1_000 / ratePerSecond;
  }

  async next(): Promise<void> {
    const now = performance.now();
    const slot = Math.max(this.nextAt, now);
    this.nextAt = slot + this.intervalMs;
    if (slot - now >= 1) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }
}

/**
 * Writes the campaign's recipients (the confirmed subscribers now) and marks it `sending`. Idempotent: an
 * address already listed is left alone, so a second call only adds those who subscribed since. `retryFailed`
 * puts refused recipients back in line (`npm run newsletter:send` run again).
 */
export async function startSending(
  db: Db,
  campaignId: number,
  options: { retryFailed?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into newsletter_deliveries (campaign_id, email)
      select ${campaignId}, email from newsletter_subscribers where ${isConfirmedSubscriber}
      on conflict do nothing`);
    if (options.retryFailed) {
      await tx
        .update(newsletterDeliveries)
        .set({ status: 'pending' })
        .where(
          and(eq(newsletterDeliveries.campaignId, campaignId), eq(newsletterDeliveries.status, 'failed')),
        );
    }
    await tx
      .update(newsletterCampaigns)
      .set({
        status: 'sending',
        startedAt: sql`coalesce(${newsletterCampaigns.startedAt}, now())`,
        finishedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(newsletterCampaigns.id, campaignId));
  });
}

/**
 * Puts back in line the recipients a dead sender had claimed (a crash, a `kill -9`): their messages never reached
 * their end (`sent` is recorded before the server can accept one), so they are sent again. Call it only when no other sender works on the campaign (one job at a time does).
 */
export async function releaseClaimedRecipients(db: Db, campaignId: number): Promise<number> {
  const rows = await db
    .update(newsletterDeliveries)
    .set({ status: 'pending' })
    .where(and(eq(newsletterDeliveries.campaignId, campaignId), eq(newsletterDeliveries.status, 'sending')))
    .returning({ email: newsletterDeliveries.email });
  return rows.length;
}

/** Claims up to `limit` pending recipients (SKIP LOCKED: two senders never take the same one). */
async function claimRecipients(db: Db, campaignId: number, limit: number): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`with next as (
        select email from newsletter_deliveries
        where campaign_id = ${campaignId} and status = 'pending'
        order by email limit ${limit}
        for update skip locked
      )
      update newsletter_deliveries d
      set status = 'sending', attempts = d.attempts + 1, claimed_at = now()
      from next where d.campaign_id = ${campaignId} and d.email = next.email
      returning d.email`,
  );
  return rows.map((row) => row.email);
}

type Outcome = { status: 'sent' | 'failed' | 'pending'; error?: string };

async function recordOutcome(db: Db, campaignId: number, email: string, outcome: Outcome): Promise<void> {
  await db
    .update(newsletterDeliveries)
    .set({
      status: outcome.status,
      lastError: outcome.error ?? null,
      sentAt: outcome.status === 'sent' ? sql`now()` : null,
    })
    .where(and(eq(newsletterDeliveries.campaignId, campaignId), eq(newsletterDeliveries.email, email)));
}

/** Marks the campaign `sent` once no recipient is left to send or in flight. Answers whether it did. */
async function finishIfComplete(db: Db, campaignId: number): Promise<boolean> {
  const rows = await db
    .update(newsletterCampaigns)
    .set({ status: 'sent', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(newsletterCampaigns.id, campaignId),
        eq(newsletterCampaigns.status, 'sending'),
        sql`not exists (select 1 from newsletter_deliveries
          where campaign_id = ${campaignId} and status in ('pending', 'sending'))`,
      ),
    )
    .returning({ id: newsletterCampaigns.id });
  return rows.length > 0;
}

/**
 * The same Message-ID every time one campaign is sent to one address: a message sent again after a crash (its
 * acceptance was not recorded in time) is recognisably the same one, and mailboxes that deduplicate drop it.
 */
export function campaignMessageId(campaignId: number, email: string, siteUrl: string): string {
  const digest = createHash('sha256').update(`${campaignId}:${email}`).digest('hex').slice(0, 24);
  return `<newsletter-${campaignId}-${digest}@${new URL(siteUrl).hostname}>`;
}

type DeliveryEvent = { email: string; status: Outcome['status']; error?: string };

export type SliceOptions = {
  deliver: Sender;
  siteUrl: string;
  ratePerSecond: number;
  batchSize?: number;
  /** Stop claiming after this time (epoch ms): the job hands over to its next slice. */
  deadline?: number;
  onDelivery?: (event: DeliveryEvent) => void;
};

/**
 * Sends the campaign's pending recipients until none is left ('done', the campaign is then `sent`), the
 * deadline passes ('more'), or the campaign was cancelled ('stopped'). A transient failure puts the rest of the
 * batch back in line and throws TransientSendError; a 5xx refusal fails that recipient only.
 */
export async function sendCampaignSlice(
  db: Db,
  campaignId: number,
  options: SliceOptions,
): Promise<'done' | 'more' | 'stopped'> {
  const [campaign] = await db
    .select()
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, campaignId));
  if (!campaign) throw new PermanentJobError(`campagne ${campaignId} introuvable`);
  const issue = await getIssueByDate(db, campaign.issueDate);
  if (!issue) throw new PermanentJobError(`aucun numéro le ${campaign.issueDate}`);
  const edits = { subject: campaign.subject, intro: campaign.intro };
  const linkIds = await registerCampaignLinks(db, campaignId, newsletterLinks(issue, options.siteUrl));
  const trackingFor = (email: string) => ({
    campaignId,
    linkFor: (url: string) => {
      const linkId = linkIds.get(url);
      return linkId === undefined ? url : clickUrl(options.siteUrl, linkId, campaignId, email);
    },
  });
  const pacer = new Pacer(options.ratePerSecond);
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;

  while (Date.now() < deadline) {
    const [current] = await db
      .select({ status: newsletterCampaigns.status })
      .from(newsletterCampaigns)
      .where(eq(newsletterCampaigns.id, campaignId));
    if (current?.status !== 'sending') return 'stopped';
    const emails = await claimRecipients(db, campaignId, options.batchSize ?? DEFAULT_BATCH_SIZE);
    if (emails.length === 0) {
      await finishIfComplete(db, campaignId);
      return 'done';
    }
    let transient: unknown = null;
    let next = 0;
    const worker = async () => {
      while (next < emails.length) {
        const email = emails[next++] as string;
        let outcome: Outcome;
        let recordedSent = false;
        if (transient) {
          outcome = { status: 'pending', error: describe(transient) };
        } else {
          await pacer.next();
          const message = buildNewsletterEmail(issue, email, options.siteUrl, edits, trackingFor(email));
          message.headers['Message-ID'] = campaignMessageId(campaignId, email, options.siteUrl);
          // `sent` is on disk before the server can accept the message (transport.ts, withHeldBackEnd): a crash
          // before it leaves the recipient `sending`, and the server discarded the unfinished message.
          // The SMTP client may read the message's end while the server refuses its recipient: a refusal already
          // known stops that record, and one in flight is waited for, so the refusal is recorded last.
          let refused = false;
          let sentRecord: Promise<void> | undefined;
          try {
            await options.deliver(message, {
              beforeEndOfData: () => {
                if (refused) return Promise.reject(new Error('message refusé avant la fin de ses données'));
                sentRecord = recordOutcome(db, campaignId, email, { status: 'sent' }).then(() => {
                  recordedSent = true;
                });
                return sentRecord;
              },
            });
            outcome = { status: 'sent' };
          } catch (error) {
            refused = true;
            await sentRecord?.catch(() => undefined);
            if (isPermanentRefusal(error)) outcome = { status: 'failed', error: describe(error) };
            else {
              transient ??= error;
              outcome = { status: 'pending', error: describe(error) };
            }
          }
        }
        if (!(recordedSent && outcome.status === 'sent')) await recordOutcome(db, campaignId, email, outcome);
        options.onDelivery?.({ email, ...outcome });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, emails.length) }, worker));
    if (transient) throw new TransientSendError(transient);
  }
  return (await finishIfComplete(db, campaignId)) ? 'done' : 'more';
}
