import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

// Taxonomy

/** The topic tree (EBX:EFL_Themes:…): top-level subjects and their many children. */
export const topics = pgTable(
  'topics',
  {
    id: text().primaryKey(),
    shortId: text().notNull(),
    label: text().notNull(),
    slug: text().notNull(),
    parentId: text().references((): AnyPgColumn => topics.id),
    sortOrder: integer().notNull().default(0),
    shortLabel: text(),
    explanation: text(),
  },
  (t) => [
    uniqueIndex('topics_short_id_idx').on(t.shortId),
    index('topics_parent_idx').on(t.parentId, t.sortOrder),
    index('topics_slug_idx').on(t.slug),
  ],
);

/** The ten trades of the home and topic filters (EBX:EFL_Metiers:…); "all" is the empty filter. */
export const trades = pgTable(
  'trades',
  {
    id: text().primaryKey(),
    shortId: text().notNull(),
    label: text().notNull(),
    labelShort: text().notNull(),
    slug: text().notNull(),
    eshopId: text(),
    link: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('trades_slug_idx').on(t.slug)],
);

/** The fuller job list (expertComptable, entreprise > DRH, …) used by registration and the search job facet. */
export const jobs = pgTable(
  'jobs',
  {
    id: text().primaryKey(),
    label: text().notNull(),
    slug: text().notNull(),
    parentId: text().references((): AnyPgColumn => jobs.id),
    eshopId: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index('jobs_parent_idx').on(t.parentId, t.sortOrder)],
);
