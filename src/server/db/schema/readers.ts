import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

// Readers: newsletter, customers and their sessions

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    /** Lower-cased, trimmed address. */
    email: text().primaryKey(),
    active: boolean().notNull().default(true),
    subscribedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    source: text().notNull().default('site'),
    /** Added or imported by staff: the reader's name and trade (a slug of the trade filter), when known. */
    name: text(),
    trade: text(),
    /** The proof of consent staff recorded instead of the double opt-in (where it was given, and when). */
    consentSource: text(),
    consentDate: date(),
  },
  (t) => [index('newsletter_subscribers_active_idx').on(t.active)],
);

export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    /** Lower-cased, trimmed address. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    /** Civility code 13 to 18 (Monsieur … Docteur). */
    civility: smallint().notNull(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    function: text().notNull(),
    optin: boolean().notNull().default(false),
    /** Accounts: when the reader followed the confirmation link e-mailed to this address. */
    emailConfirmedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('customers_email_idx').on(t.email)],
);

/** Login sessions: only a hash of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // Accounts: "Rester connecté", the device and last use shown under Mon compte, token rotation.
    /** A "Rester connecté" session: 30 days, its token rotated on use; otherwise 3,600 s renewed while active. */
    remember: boolean().notNull().default(false),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at login, cut to 300 characters (shown as a device under Mon compte). */
    userAgent: text().notNull().default(''),
    /** When the token was last replaced; the replaced token keeps working a few seconds (parallel requests). */
    rotatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    previousTokenHash: text(),
    previousValidUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sessions_customer_idx').on(t.customerId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_previous_token_idx').on(t.previousTokenHash),
  ],
);

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  // The purge of expired counters reads them by date, not the whole table.
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
