// Legal references (src/server/legal-references): every reference our news and subscriber documents cite, one
// row per occurrence, written when the document is written (import, newsroom publication, demo content) and
// rebuilt by `npm run references:reindex`. No `server-only` import: drizzle-kit loads this file.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './readers';

export const legalReferences = pgTable(
  'legal_references',
  {
    /** Which corpus the document belongs to: `article` (articles.id) or `document` (subscriber_documents.id). */
    corpus: text().notNull(),
    documentId: text().notNull(),
    /** Offset of the reference in the document's plain text (title, summary, then body). */
    position: integer().notNull(),
    /** code, bofip, cass, ce, cjue, cc, loi, decret, ordonnance, directive, reglement. */
    kind: text().notNull(),
    /** Canonical key: "code:code-du-travail:l1233-3", "bofip:BOI-TVA-CHAMP-10-10-10", "cass:23-12.345"… */
    key: text().notNull(),
    /** The reference as the document writes it. */
    display: text().notNull(),
    /** True when a reader without access reads it (the paywall leaves it visible). */
    free: boolean().notNull(),
    /** The document's date, so a text's page lists the newest first from this table alone. */
    publishedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.corpus, t.documentId, t.position] }),
    index('legal_references_key_idx').on(t.key, t.publishedAt.desc()),
    check('legal_references_corpus_check', sql`${t.corpus} in ('article', 'document')`),
  ],
);

/**
 * "Suivre ce texte": the texts a reader follows. Their news go into the reader's alert digest (alert_subscriptions
 * gives its frequency and what it last covered), beside those of the topics they follow. The row goes with its
 * reader.
 */
export const followedTexts = pgTable(
  'followed_texts',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);
