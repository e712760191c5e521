import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './editorial-content';
import { customers } from './readers';

// Accounts: e-mailed tokens, saved articles, topic alerts

/**
 * Single-use tokens sent by e-mail: password reset, confirmation of an account's address, change of address,
 * newsletter subscription. Only a hash is stored; a token is used by one update that checks purpose, expiry and
 * that it was not used before.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text().primaryKey(),
    /** password_reset, email_confirmation, email_change or newsletter_confirmation. */
    purpose: text().notNull(),
    /** Null for a newsletter subscription of an address without an account. */
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    /** The address the link was sent to (the new one for a change of address). */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('account_tokens_customer_idx').on(t.customerId),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Articles a reader saved with "Enregistrer", listed under Mon compte. */
export const savedArticles = pgTable(
  'saved_articles',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    articleId: text()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.articleId] }),
    index('saved_articles_article_idx').on(t.articleId),
  ],
);

/** A reader's alerts: topics and thematics, and a digest of their new articles daily or weekly. */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** daily or weekly. */
    frequency: text().notNull(),
    /** Ids of topics and thematics (the taxonomy's EBX:EFL_Themes:… ids, as in articles.topic_ids). */
    topicIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Articles published after this moment go into the next digest. */
    coveredUntil: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_subscriptions_frequency_idx').on(t.frequency)],
);
