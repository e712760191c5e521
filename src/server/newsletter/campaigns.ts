import 'server-only';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  Campaign,
  CampaignCounts,
  CampaignFailuresAnswer,
  CampaignPatchBody,
  CampaignPreviewAnswer,
  CampaignStatus,
} from '@/lib/contracts/newsletter-campaigns';
import { DAILY_NAME } from '@/lib/site';
import { getIssueByDate } from '../daily-issue/daily-issue';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { newsletterCampaigns, newsletterDeliveries, staffMembers } from '../db/schema';
import { emailSenderFor, type Sender } from '../email/transport';
import { type Env, env } from '../env';
import { AppError } from '../http/errors';
import { defineJob } from '../jobs/definitions';
import { cancelJobs, enqueueJob } from '../jobs/queue';
import { logger } from '../log';
import { type Actor, recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import {
  type CampaignRow,
  isPermanentRefusal,
  releaseClaimedRecipients,
  sendCampaignSlice,
  startSending,
} from './campaign-sender';
import { buildNewsletterEmail, defaultNewsletterSubject } from './sending/newsletter-email';

// Newsletter campaigns (docs/NEWSLETTER.md): created from a day's issue, edited, tested, then sent by
// the job runner now or at a time; the daily automatic send creates and sends one at a configured hour.

export const NO_ISSUE_MESSAGE = 'Aucun numéro de La Quotidienne pour cette date.';
export const EMPTY_ISSUE_MESSAGE = 'Ce numéro ne contient aucune actualité : rien à envoyer.';
export const NOT_DRAFT_MESSAGE = 'Cette campagne n’est plus un brouillon : elle ne peut plus être modifiée.';
export const ALREADY_SENT_MESSAGE = 'Cette campagne est déjà envoyée ou en cours d’envoi.';
export const CAMPAIGN_NOT_FOUND_MESSAGE = 'Campagne introuvable.';
/** The address a preview is rendered for (its unsubscribe links are signed for it, and lead nowhere). */
const PREVIEW_RECIPIENT = 'abonne@exemple.fr';
/** A job sends for at most this long, then queues its next slice (well under the runner's 5-minute lease). */
const SLICE_MS = 60_000;

const CAMPAIGN_JOB = 'newsletter.campaign';
const DAILY_JOB = 'newsletter.daily';
const SYSTEM: Actor = { kind: 'system', name: 'envoi automatique de la newsletter' };

function campaignKey(id: number): string {
  return `campaign:${id}`;
}

/** The sender of the newsletter: NEWSLETTER_FROM, or "La Quotidienne <newsletter@site domain>". */
export function newsletterFrom(config: Env = env()): string {
  return config.NEWSLETTER_FROM ?? `${DAILY_NAME} <newsletter@${new URL(config.SITE_URL).hostname}>`;
}

/** How campaigns leave: SMTP_URL (or the development folder), from the newsletter's sender. */
export function newsletterSender(config: Env = env()): Sender {
  return emailSenderFor(config, newsletterFrom(config));
}

// ---------------------------------------------------------------------------------------------------------
// Reading

const EMPTY_COUNTS: CampaignCounts = { total: 0, pending: 0, sending: 0, sent: 0, failed: 0, retried: 0 };

/** Recipients by status of each campaign: one grouped query on the (campaign, status) index. */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, CampaignCounts>> {
  const counts = new Map<number, CampaignCounts>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      campaignId: newsletterDeliveries.campaignId,
      status: newsletterDeliveries.status,
      count: sql<number>`count(*)::int`,
      retried: sql<number>`(count(*) filter (where ${newsletterDeliveries.attempts} > 1))::int`,
    })
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.campaignId, ids))
    .groupBy(newsletterDeliveries.campaignId, newsletterDeliveries.status);
  for (const row of rows) {
    const entry = counts.get(row.campaignId) ?? { ...EMPTY_COUNTS };
    entry[row.status as 'pending' | 'sending' | 'sent' | 'failed'] += row.count;
    entry.total += row.count;
    entry.retried += row.retried;
    counts.set(row.campaignId, entry);
  }
  return counts;
}

function toCampaign(
  row: CampaignRow,
  creator: { id: number; name: string } | null,
  counts: CampaignCounts,
): Campaign {
  const done = counts.sent + counts.failed;
  return {
    id: row.id,
    issueDate: row.issueDate,
    subject: row.subject,
    intro: row.intro,
    status: row.status as CampaignStatus,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    automatic: row.automatic,
    createdBy: creator,
    createdAt: row.createdAt.toISOString(),
    counts,
    progress:
      counts.total === 0 ? (row.status === 'sent' ? 100 : 0) : Math.floor((done * 100) / counts.total),
  };
}

async function selectCampaigns(db: Db, where: ReturnType<typeof eq> | undefined, limit: number) {
  const rows = await db
    .select({ campaign: newsletterCampaigns, creatorName: staffMembers.name })
    .from(newsletterCampaigns)
    .leftJoin(staffMembers, eq(staffMembers.id, newsletterCampaigns.createdBy))
    .where(where)
    .orderBy(desc(newsletterCampaigns.createdAt), desc(newsletterCampaigns.id))
    .limit(limit);
  const counts = await countsOf(
    db,
    rows.map((row) => row.campaign.id),
  );
  return rows.map(({ campaign, creatorName }) =>
    toCampaign(
      campaign,
      campaign.createdBy !== null && creatorName !== null
        ? { id: campaign.createdBy, name: creatorName }
        : null,
      counts.get(campaign.id) ?? EMPTY_COUNTS,
    ),
  );
}

/** One campaign with its counts and progress, or a 404. */
export async function getCampaign(db: Db, id: number): Promise<Campaign> {
  const [campaign] = await selectCampaigns(db, eq(newsletterCampaigns.id, id), 1);
  if (!campaign) throw new AppError('not_found', CAMPAIGN_NOT_FOUND_MESSAGE);
  return campaign;
}

/** The history: the latest 100 campaigns, newest first, with their counts. */
export async function listCampaigns(db: Db): Promise<Campaign[]> {
  return selectCampaigns(db, undefined, 100);
}

/** The refused recipients of a campaign with the server's answer (at most 500). */
export async function listFailures(db: Db, id: number): Promise<CampaignFailuresAnswer> {
  await getCampaign(db, id);
  const rows = await db
    .select({
      email: newsletterDeliveries.email,
      attempts: newsletterDeliveries.attempts,
      error: newsletterDeliveries.lastError,
    })
    .from(newsletterDeliveries)
    .where(sql`${newsletterDeliveries.campaignId} = ${id} and ${newsletterDeliveries.status} = 'failed'`)
    .orderBy(newsletterDeliveries.email)
    .limit(500);
  return { items: rows };
}

async function lockCampaign(db: Db, id: number): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, id))
    .for('update');
  if (!row) throw new AppError('not_found', CAMPAIGN_NOT_FOUND_MESSAGE);
  return row;
}

async function issueOf(db: Db, day: string) {
  const issue = await getIssueByDate(db, day);
  if (!issue) throw new AppError('not_found', NO_ISSUE_MESSAGE);
  if (issue.news.length === 0) throw new AppError('conflict', EMPTY_ISSUE_MESSAGE);
  return issue;
}

// ---------------------------------------------------------------------------------------------------------
// Writing (each call is audited in its own transaction)

/** POST /api/admin/newsletters `{date}`: a draft prefilled from that day's issue (its subject, no intro). */
export async function createCampaign(
  db: Db,
  principal: StaffPrincipal | null,
  day: string,
  options: { automatic?: boolean } = {},
): Promise<Campaign> {
  const issue = await issueOf(db, day);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterCampaigns)
      .values({
        issueDate: day,
        subject: defaultNewsletterSubject(issue),
        automatic: options.automatic ?? false,
        createdBy: principal?.staffId ?? null,
      })
      .returning({ id: newsletterCampaigns.id });
    if (!row) throw new Error('campagne non créée');
    await recordAudit(
      tx,
      { actor: principal?.actor ?? SYSTEM, address: principal?.address ?? 'local' },
      'newsletter.create',
      { type: 'newsletter', id: row.id },
      { issueDate: day },
    );
    return row.id;
  });
  return getCampaign(db, id);
}

/** PATCH …/{id} `{subject?, intro?}`: drafts only (409 otherwise). */
export async function updateCampaign(
  db: Db,
  principal: StaffPrincipal,
  id: number,
  patch: CampaignPatchBody,
): Promise<Campaign> {
  await db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (row.status !== 'draft') throw new AppError('conflict', NOT_DRAFT_MESSAGE);
    await tx
      .update(newsletterCampaigns)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(newsletterCampaigns.id, id));
    await recordAudit(
      tx,
      principal,
      'newsletter.update',
      { type: 'newsletter', id },
      { fields: Object.keys(patch) },
    );
  });
  return getCampaign(db, id);
}

/** GET …/{id}/preview: the e-mail as a subscriber receives it, HTML and text. */
export async function previewCampaign(db: Db, id: number): Promise<CampaignPreviewAnswer> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  if (!row) throw new AppError('not_found', CAMPAIGN_NOT_FOUND_MESSAGE);
  const issue = await issueOf(db, row.issueDate);
  const message = buildNewsletterEmail(issue, PREVIEW_RECIPIENT, env().SITE_URL, row);
  return { subject: message.subject, html: message.html, text: message.text };
}

/**
 * POST …/{id}/test `{email}`: the message to one address at once, subject marked « [TEST] », whatever the
 * campaign's status. The SMTP server's refusal is the answer (503), so staff see it.
 */
export async function sendTest(
  db: Db,
  principal: StaffPrincipal,
  id: number,
  email: string,
  sender: Sender = newsletterSender(),
): Promise<void> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  if (!row) throw new AppError('not_found', CAMPAIGN_NOT_FOUND_MESSAGE);
  const issue = await issueOf(db, row.issueDate);
  const recipient = email.trim().toLowerCase();
  const message = buildNewsletterEmail(issue, recipient, env().SITE_URL, row);
  try {
    await sender({ ...message, subject: `[TEST] ${message.subject}` });
  } catch (error) {
    const answer = error instanceof Error ? error.message : String(error);
    throw new AppError(
      isPermanentRefusal(error) ? 'bad_request' : 'unavailable',
      `Envoi du test impossible : ${answer}`,
    );
  }
  await recordAudit(db, principal, 'newsletter.test', { type: 'newsletter', id }, { email: recipient });
}

/**
 * POST …/{id}/send `{at?}`: queues the sending job, now or at `at`. A draft or a scheduled campaign (a new time
 * replaces the old one); one already sending or sent answers 409.
 */
export async function sendCampaign(
  db: Db,
  principal: StaffPrincipal | null,
  id: number,
  at?: Date,
): Promise<Campaign> {
  const scheduled = at !== undefined && at.getTime() > Date.now() + 1_000;
  await db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (row.status !== 'draft' && row.status !== 'scheduled') {
      throw new AppError('conflict', ALREADY_SENT_MESSAGE);
    }
    await issueOf(tx, row.issueDate);
    await cancelJobs(tx, { kind: CAMPAIGN_JOB, dedupeKey: campaignKey(id) });
    await enqueueJob(
      tx,
      campaignJob,
      { campaignId: id },
      { runAt: scheduled ? at : undefined, dedupeKey: campaignKey(id) },
    );
    await tx
      .update(newsletterCampaigns)
      .set({ status: 'scheduled', scheduledAt: scheduled ? at : sql`now()`, updatedAt: sql`now()` })
      .where(eq(newsletterCampaigns.id, id));
    await recordAudit(
      tx,
      { actor: principal?.actor ?? SYSTEM, address: principal?.address ?? 'local' },
      scheduled ? 'newsletter.schedule' : 'newsletter.send',
      { type: 'newsletter', id },
      scheduled ? { at: at.toISOString() } : {},
    );
  });
  return getCampaign(db, id);
}

/**
 * POST …/{id}/cancel: a scheduled campaign goes back to draft; one sending stops after its current batch
 * (`cancelled`; those already sent stay sent).
 */
export async function cancelCampaign(db: Db, principal: StaffPrincipal, id: number): Promise<Campaign> {
  await db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (row.status !== 'scheduled' && row.status !== 'sending') {
      throw new AppError('conflict', 'Seule une campagne programmée ou en cours d’envoi peut être annulée.');
    }
    await cancelJobs(tx, { kind: CAMPAIGN_JOB, dedupeKey: campaignKey(id) });
    await tx
      .update(newsletterCampaigns)
      .set(
        row.status === 'scheduled'
          ? { status: 'draft', scheduledAt: null, updatedAt: sql`now()` }
          : { status: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` },
      )
      .where(eq(newsletterCampaigns.id, id));
    await recordAudit(tx, principal, 'newsletter.cancel', { type: 'newsletter', id }, { from: row.status });
  });
  return getCampaign(db, id);
}

// ---------------------------------------------------------------------------------------------------------
// Jobs

/**
 * Sends a campaign. The first run lists the recipients; each run sends for up to a minute and queues the next
 * slice, so a long campaign never outlives the runner's lease. A run that starts finds no other sender at work
 * (one job per campaign at a time): recipients left `sending` belong to a dead one and go back in line.
 */
export const campaignJob = defineJob({
  kind: CAMPAIGN_JOB,
  payload: z.object({ campaignId: z.number().int().positive() }),
  maxAttempts: 40,
  run: async ({ campaignId }, { db }) => {
    const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, campaignId));
    if (!row || row.status === 'draft' || row.status === 'sent' || row.status === 'cancelled') return;
    if (row.status === 'scheduled') await startSending(db, campaignId);
    const released = await releaseClaimedRecipients(db, campaignId);
    if (released > 0) logger.warn({ campaignId, released }, 'newsletter : reprise après interruption');
    const config = env();
    const outcome = await sendCampaignSlice(db, campaignId, {
      deliver: newsletterSender(config),
      siteUrl: config.SITE_URL,
      ratePerSecond: config.NEWSLETTER_RATE_PER_SECOND,
      deadline: Date.now() + SLICE_MS,
    });
    if (outcome === 'more') await enqueueJob(db, campaignJob, { campaignId });
    else logger.info({ campaignId, outcome }, 'newsletter : envoi terminé');
  },
});

/** The next `HH:MM` in Paris after `now`, as an instant. */
export function nextDailySend(time: string, now: Date = new Date()): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  for (let dayOffset = 0; dayOffset <= 2; dayOffset += 1) {
    const day = new Date(now.getTime() + dayOffset * 86_400_000);
    const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(day);
    const candidate = parisWallTime(parisDay, hours, minutes);
    if (candidate.getTime() > now.getTime()) return candidate;
  }
  throw new Error('heure d’envoi introuvable');
}

/** The instant when Paris clocks show `day` at `hours:minutes` (the offset of that moment: +1 h or +2 h). */
function parisWallTime(day: string, hours: number, minutes: number): Date {
  const asUtc = Date.parse(
    `${day}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`,
  );
  const offsetName = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Paris',
    timeZoneName: 'shortOffset',
  })
    .formatToParts(new Date(asUtc))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offsetHours = Number(/GMT([+-]\d+)/.exec(offsetName ?? '')?.[1] ?? 0);
  return new Date(asUtc - offsetHours * 3_600_000);
}

/**
 * The daily automatic send: at NEWSLETTER_DAILY_SEND_TIME it sends the day's issue if it is published and no
 * campaign of it was sent, scheduled or started by staff; then it queues itself for the next day.
 */
export const dailySendJob = defineJob({
  kind: DAILY_JOB,
  payload: z.object({ day: z.iso.date() }),
  run: async ({ day }, { db }) => {
    const config = env();
    const [existing] = await queryRows<{ id: number }>(
      db,
      sql`select id from newsletter_campaigns where issue_date = ${day} and status <> 'draft' limit 1`,
    );
    const issue = await getIssueByDate(db, day);
    const [published] = await queryRows<{ status: string }>(
      db,
      sql`select status from daily_issues where publication_date = ${day}`,
    );
    if (!existing && issue && issue.news.length > 0 && published?.status === 'published') {
      const campaign = await createCampaign(db, null, day, { automatic: true });
      await sendCampaign(db, null, campaign.id);
      logger.info({ campaignId: campaign.id, day }, 'newsletter : envoi automatique lancé');
    }
    if (config.NEWSLETTER_DAILY_SEND_TIME) await scheduleDailySend(db, config.NEWSLETTER_DAILY_SEND_TIME);
  },
});

/**
 * Keeps exactly one daily-send job queued while NEWSLETTER_DAILY_SEND_TIME is set (called at start and by the
 * job itself), and none once it is unset.
 */
export async function scheduleDailySend(db: Db, time: string | undefined, now: Date = new Date()) {
  if (!time) {
    await cancelJobs(db, { kind: DAILY_JOB });
    return;
  }
  const at = nextDailySend(time, now);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);
  // A changed hour replaces the job queued for the old one; the running job (the one calling) is left alone.
  await cancelJobs(db, { kind: DAILY_JOB });
  await enqueueJob(db, dailySendJob, { day }, { runAt: at, dedupeKey: `daily:${day}` });
}
