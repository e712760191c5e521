import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { staffMembers } from './newsroom';

// Editorial pages (decision 024): CGU, CGV, legal notices, about us, the
// bookshop's introduction and the privacy page. One row per page is what readers see; each save also writes a
// whole snapshot in `static_page_revisions`. A page without a row shows its original text (src/server/content/
// static-page-defaults.ts).

export const staticPages = pgTable('static_pages', {
  slug: text().primaryKey(),
  title: text().notNull(),
  lead: text().notNull().default(''),
  /** Sanitised on save (internal `flash:id:` links kept for the editor) and again on render. */
  bodyHtml: text().notNull(),
  /** The "Dernière mise à jour" date the page shows (a calendar day), or none. */
  updatedOn: date({ mode: 'string' }),
  /** Optimistic concurrency: every save increments it; a save from an older version is refused (409). */
  version: integer().notNull().default(1),
  updatedBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** Every save of an editorial page: the fields it saved, who and when. */
export const staticPageRevisions = pgTable(
  'static_page_revisions',
  {
    id: serial().primaryKey(),
    slug: text()
      .notNull()
      .references(() => staticPages.slug, { onDelete: 'cascade' }),
    /** The page version this revision saved. */
    number: integer().notNull(),
    /** create (the seed's or the first save), update or restore. */
    action: text().notNull(),
    title: text().notNull(),
    lead: text().notNull().default(''),
    bodyHtml: text().notNull(),
    updatedOn: date({ mode: 'string' }),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('static_page_revisions_slug_number_idx').on(t.slug, t.number),
    check('static_page_revisions_action_check', sql`${t.action} in ('create', 'update', 'restore')`),
  ],
);
