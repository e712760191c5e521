// Rate tables with a history: structured figures (columns with units, rows) kept as one version per effective date.
// No `server-only` import: drizzle-kit loads the schema outside Next.js (see ../schema.ts).
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from './newsroom';
import { customers } from './readers';

/** A column of a rate table: its key, its label and the unit of its values (€, %, €/km, …; none for labels). */
export type RateColumn = { key: string; label: string; unit?: string | undefined };
/** One cell: a label, a number, or nothing (an open bound, a value that does not apply). */
export type RateCell = string | number | null;

/** A table: what it holds and how its columns read. Its values live in its versions. */
export const rateTables = pgTable('rate_tables', {
  /** A readable slug, also the last segment of its page's address. */
  id: text().primaryKey(),
  title: text().notNull(),
  /** The rates topic it belongs to (social, fiscal, affaires, comptable, patrimoine). */
  topic: text().notNull(),
  description: text().notNull().default(''),
  columns: jsonb().$type<RateColumn[]>().notNull(),
  /** The column whose history a row's chart draws. */
  chartColumn: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The values of a table from a date on; a new version is added, never written over an older one. */
export const rateTableVersions = pgTable(
  'rate_table_versions',
  {
    tableId: text()
      .notNull()
      .references(() => rateTables.id, { onDelete: 'cascade' }),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    /** The legal basis of these values (a decree, an order, a finance act). */
    source: text().notNull(),
    /** One array of cells per row, in the order of the table's columns; the first cell names the row. */
    rows: jsonb().$type<RateCell[][]>().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.effectiveFrom] })],
);

/** Readers who follow a table: each gets an e-mail when a new version is published. */
export const rateTableFollows = pgTable(
  'rate_table_follows',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tableId: text()
      .notNull()
      .references(() => rateTables.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tableId] }),
    index('rate_table_follows_table_idx').on(t.tableId),
  ],
);
