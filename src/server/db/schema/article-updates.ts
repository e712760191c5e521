// What changed in an article: the public note of each update published "mis à jour", with the two published
// versions it separates, and the readers who asked not to be e-mailed about their saved articles' updates.
// No `server-only` import: drizzle-kit loads the schema outside Next.js (see ../schema.ts).
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './readers';

export const articleUpdates = pgTable(
  'article_updates',
  {
    id: serial().primaryKey(),
    /** No foreign key: the notes stay while the newsroom withdraws and republishes the article. */
    articleId: text().notNull(),
    note: text().notNull(),
    /** The update's date, as the article shows it ("mis à jour le"). */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    /** The newsroom revisions published before and by this update: the comparison's two sides. */
    fromRevision: integer().notNull(),
    toRevision: integer().notNull(),
  },
  (t) => [index('article_updates_article_idx').on(t.articleId, t.updatedAt.desc())],
);

/** Readers who turned off the e-mail about an update of an article they saved (Mon compte, alerts). */
export const savedUpdateEmailOptOuts = pgTable('saved_update_email_opt_outs', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
