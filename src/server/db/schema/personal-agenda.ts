// The personal agenda: a reader's profile that filters the deadlines, their private calendar feed and reminders,
// and each deadline's date as readers were last told it (the feed's SEQUENCE).
// No `server-only` import: drizzle-kit loads the schema outside Next.js (see ../schema.ts).
import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './readers';

export const agendaProfiles = pgTable(
  'agenda_profiles',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Trades followed (the eight trade slugs); none means every trade. */
    trades: text().array().notNull().default(sql`'{}'::text[]`),
    /** The company's size band, VAT regime and corporate or income tax; null means any. */
    sizeBand: text(),
    vatRegime: text(),
    taxRegime: text(),
    /** E-mails 7 days and 1 day before each deadline of the profile. */
    emailReminders: boolean().notNull().default(false),
    /** The last day whose reminders were queued, so that a job run twice sends them once. */
    remindedOn: date({ mode: 'string' }),
    /** SHA-256 of the private feed's token (the token itself is shown once); a new one replaces it. */
    feedTokenHash: text(),
    feedCreatedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agenda_profiles_feed_token_idx').on(t.feedTokenHash)],
);

/**
 * The date of each deadline (an agenda article) as feeds and e-mails last gave it, and how many times it moved: a
 * calendar replaces an event when its SEQUENCE rises. Kept when the article is withdrawn, so a republication
 * continues the count.
 */
export const agendaDeadlineDates = pgTable('agenda_deadline_dates', {
  articleId: text().primaryKey(),
  eventDate: date({ mode: 'string' }).notNull(),
  sequence: integer().notNull().default(0),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
