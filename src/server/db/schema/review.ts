// Review in the newsroom: the notes editors leave on an article for its author (src/server/review).
// No `server-only` import: drizzle-kit loads the schema outside Next.js (see ./index.ts).
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { newsroomArticles, staffMembers } from './newsroom';

export const reviewNotes = pgTable(
  'review_notes',
  {
    id: serial().primaryKey(),
    articleId: text()
      .notNull()
      .references(() => newsroomArticles.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: the note stays. */
    authorId: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the article's author first saw the note (null: not yet; their own notes are seen at once). */
    seenByAuthorAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('review_notes_article_idx').on(t.articleId, t.createdAt)],
);
