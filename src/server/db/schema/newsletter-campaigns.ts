import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { staffMembers } from './newsroom';

// Newsletter campaigns and their recipients (src/server/newsletter), redirects (src/server/taxonomy).
// The daily issue's workflow columns are in `dailyIssues` above.

/**
 * A newsletter campaign: one day's issue as an e-mail, its subject and intro edited by staff, sent now or at a
 * time by the job runner. `draft` → `scheduled` → `sending` → `sent` (or `cancelled` before it starts).
 */
export const newsletterCampaigns = pgTable(
  'newsletter_campaigns',
  {
    id: serial().primaryKey(),
    issueDate: date().notNull(),
    subject: text().notNull(),
    intro: text().notNull().default(''),
    status: text().notNull().default('draft'),
    scheduledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Created by the daily automatic send or `npm run newsletter:send` rather than by a person. */
    automatic: boolean().notNull().default(false),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('newsletter_campaigns_issue_idx').on(t.issueDate),
    check(
      'newsletter_campaigns_status_check',
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`,
    ),
  ],
);

/**
 * One row per recipient of a campaign, written when sending starts: the primary key makes each subscriber
 * receive a campaign at most once; the sender claims `pending` rows in batches (`sending`), then records `sent`
 * or `failed` with the server's answer. `attempts` > 1 means the recipient was retried.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    campaignId: integer()
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: smallint().notNull().default(0),
    lastError: text(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    /** When the recipient left through this campaign's unsubscribe link (its results). */
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.email] }),
    index('newsletter_deliveries_status_idx').on(t.campaignId, t.status),
    check('newsletter_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * The links of a campaign's e-mail, registered when sending starts: the messages carry `/r/{token}` instead,
 * whose token names one of these rows, so the site's redirect only ever leads to a URL the campaign held.
 */
export const newsletterCampaignLinks = pgTable(
  'newsletter_campaign_links',
  {
    id: serial().primaryKey(),
    campaignId: integer()
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    url: text().notNull(),
  },
  (t) => [uniqueIndex('newsletter_campaign_links_url_idx').on(t.campaignId, t.url)],
);

/**
 * Clicks on a campaign's link, one row per link and recipient: `recipient` is an opaque key (an HMAC of the
 * campaign and the address under the server's secret), never the address, so unique clickers are counted
 * without keeping who clicked.
 */
export const newsletterLinkClicks = pgTable(
  'newsletter_link_clicks',
  {
    linkId: integer()
      .notNull()
      .references(() => newsletterCampaignLinks.id, { onDelete: 'cascade' }),
    recipient: text().notNull(),
    clicks: integer().notNull().default(1),
    firstAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.recipient] })],
);

/** Old paths of the site (a former site's, a renamed slug's): moved (301 to `toPath`) or gone (410). */
export const redirects = pgTable(
  'redirects',
  {
    fromPath: text().primaryKey(),
    toPath: text(),
    status: smallint().notNull(),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('redirects_status_check', sql`${t.status} in (301, 410)`),
    check('redirects_target_check', sql`(${t.status} = 410) = (${t.toPath} is null)`),
  ],
);
