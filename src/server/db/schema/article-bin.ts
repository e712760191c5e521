import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from './newsroom';

// The newsroom's bin (« Corbeille », src/server/editorial/article-bin.ts): drafts deleted in the last 30 days, moved
// out of `newsroom_articles` with their revisions and review notes so that no list or query of the articles has to skip them, and
// put back as they were when restored. A job purges each one 30 days after its deletion.

/** One revision of a binned draft, as `newsroom_revisions` held it. */
export type BinnedRevision = {
  number: number;
  action: string;
  document: Record<string, unknown>;
  createdBy: number | null;
  createdAt: string;
};

/** One review note of a binned draft, as `review_notes` held it. */
export type BinnedNote = {
  authorId: number | null;
  text: string;
  createdAt: string;
  seenByAuthorAt: string | null;
};

export const articleBin = pgTable(
  'article_bin',
  {
    /** The article's id, which it takes back when restored. */
    articleId: text().primaryKey(),
    title: text().notNull(),
    /** Its workflow status when deleted (a draft or an article in review, never published). */
    status: text().notNull(),
    version: integer().notNull(),
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    revisions: jsonb().$type<BinnedRevision[]>().notNull(),
    /** Its review notes, which would otherwise go with the row (on delete cascade). */
    notes: jsonb().$type<BinnedNote[]>().notNull().default([]),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    deletedBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    deletedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_bin_deleted_idx').on(t.deletedAt.desc())],
);
