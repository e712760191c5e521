import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { CampaignResultsAnswer } from '@/lib/contracts/newsletter-campaigns';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { newsletterCampaignLinks, newsletterCampaigns, newsletterLinkClicks } from '../db/schema';
import { AppError } from '../http/errors';
import { isSameSecret } from '../lib/secrets';
import { listToken } from './unsubscribe-token';

// A campaign's results without tracking pixels: its e-mails carry `/r/{token}` for each link, and the site's
// redirect counts the click before sending the reader on. The token names the campaign's link and an opaque key
// of the recipient (neither the address nor anything readable), signed with the newsletter's secret: a token the
// server did not make, or a link the campaign did not hold, leads nowhere (the site's 404 page).

/** Path of the click redirect. */
export const CLICK_PATH_PREFIX = '/r/';
const RECIPIENT_PURPOSE = 'newsletter-click-recipient:v1';
const LINK_PURPOSE = 'newsletter-click:v1';
const RECIPIENT_BYTES = 12;
const MAC_BYTES = 16;
/** 4 bytes of link id, the recipient's key and the signature, in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The opaque key of a campaign's recipient: the same for each of its links, another for each campaign. */
function recipientKey(campaignId: number, email: string): Buffer {
  return Buffer.from(listToken(RECIPIENT_PURPOSE, `${campaignId}\n${email}`), 'base64url').subarray(
    0,
    RECIPIENT_BYTES,
  );
}

function signature(linkAndRecipient: Buffer): string {
  return Buffer.from(listToken(LINK_PURPOSE, linkAndRecipient.toString('base64url')), 'base64url')
    .subarray(0, MAC_BYTES)
    .toString('base64url');
}

/** The redirect URL of one link of a campaign's e-mail to one recipient. */
export function clickUrl(siteUrl: string, linkId: number, campaignId: number, email: string): string {
  const head = Buffer.alloc(4 + RECIPIENT_BYTES);
  head.writeUInt32BE(linkId, 0);
  recipientKey(campaignId, email).copy(head, 4);
  const token = Buffer.concat([head, Buffer.from(signature(head), 'base64url')]).toString('base64url');
  return new URL(`${CLICK_PATH_PREFIX}${token}`, siteUrl).toString();
}

/** The link and recipient a token names, when the server signed it; null for anything else. */
function readToken(token: string): { linkId: number; recipient: string } | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  const head = bytes.subarray(0, 4 + RECIPIENT_BYTES);
  const mac = bytes.subarray(4 + RECIPIENT_BYTES).toString('base64url');
  if (!isSameSecret(mac, signature(head))) return null;
  return { linkId: head.readUInt32BE(0), recipient: head.subarray(4).toString('base64url') };
}

/**
 * Registers the links of a campaign's e-mail (idempotent: a slice after a restart finds the same rows) and
 * answers each URL's link id.
 */
export async function registerCampaignLinks(
  db: Db,
  campaignId: number,
  urls: readonly string[],
): Promise<Map<string, number>> {
  if (urls.length > 0) {
    await db
      .insert(newsletterCampaignLinks)
      .values([...new Set(urls)].map((url) => ({ campaignId, url })))
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: newsletterCampaignLinks.id, url: newsletterCampaignLinks.url })
    .from(newsletterCampaignLinks)
    .where(eq(newsletterCampaignLinks.campaignId, campaignId));
  return new Map(rows.map((row) => [row.url, row.id]));
}

/**
 * GET /r/{token}: the URL the campaign's link held, after counting the click (once more for its recipient);
 * null for a token the server did not sign or a link that no longer exists. `count: false` (a HEAD) only reads.
 */
export async function followClick(db: Db, token: string, count = true): Promise<string | null> {
  const named = readToken(token);
  if (!named) return null;
  const [link] = await db
    .select({ url: newsletterCampaignLinks.url })
    .from(newsletterCampaignLinks)
    .where(eq(newsletterCampaignLinks.id, named.linkId));
  if (!link) return null;
  if (count) {
    await db
      .insert(newsletterLinkClicks)
      .values({ linkId: named.linkId, recipient: named.recipient })
      .onConflictDoUpdate({
        target: [newsletterLinkClicks.linkId, newsletterLinkClicks.recipient],
        set: { clicks: sql`${newsletterLinkClicks.clicks} + 1`, lastAt: sql`now()` },
      });
  }
  return link.url;
}

/** A share of a whole in percent, one decimal (0 when there is no whole). */
function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1_000) / 10;
}

/** GET /api/admin/newsletters/{id}/results: deliveries, refusals, unsubscriptions and clicks (404 if unknown). */
export async function campaignResults(db: Db, campaignId: number): Promise<CampaignResultsAnswer> {
  const [campaign] = await db
    .select({ id: newsletterCampaigns.id })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, campaignId));
  if (!campaign) throw new AppError('not_found', 'Campagne introuvable.');
  const [deliveries] = await queryRows<{
    recipients: number;
    delivered: number;
    bounced: number;
    unsubscribed: number;
  }>(
    db,
    sql`select count(*)::int as recipients,
        (count(*) filter (where status = 'sent'))::int as delivered,
        (count(*) filter (where status = 'failed'))::int as bounced,
        (count(*) filter (where unsubscribed_at is not null))::int as unsubscribed
      from newsletter_deliveries where campaign_id = ${campaignId}`,
  );
  const links = await db
    .select({
      url: newsletterCampaignLinks.url,
      clicks: sql<number>`coalesce(sum(${newsletterLinkClicks.clicks}), 0)::int`,
      uniqueClickers: sql<number>`count(${newsletterLinkClicks.recipient})::int`,
    })
    .from(newsletterCampaignLinks)
    .leftJoin(newsletterLinkClicks, eq(newsletterLinkClicks.linkId, newsletterCampaignLinks.id))
    .where(eq(newsletterCampaignLinks.campaignId, campaignId))
    .groupBy(newsletterCampaignLinks.id, newsletterCampaignLinks.url)
    .orderBy(sql`3 desc, 2 desc, ${newsletterCampaignLinks.id}`);
  const [clickers] = await db
    .select({ value: sql<number>`count(distinct ${newsletterLinkClicks.recipient})::int` })
    .from(newsletterLinkClicks)
    .innerJoin(newsletterCampaignLinks, eq(newsletterLinkClicks.linkId, newsletterCampaignLinks.id))
    .where(and(eq(newsletterCampaignLinks.campaignId, campaignId)));
  const { recipients = 0, delivered = 0, bounced = 0, unsubscribed = 0 } = deliveries ?? {};
  const uniqueClickers = clickers?.value ?? 0;
  return {
    recipients,
    delivered,
    bounced,
    unsubscribed,
    clicks: links.reduce((sum, link) => sum + link.clicks, 0),
    uniqueClickers,
    rates: {
      bounce: percent(bounced, delivered + bounced),
      unsubscribe: percent(unsubscribed, delivered),
      click: percent(uniqueClickers, delivered),
    },
    links,
  };
}
