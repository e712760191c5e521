import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { articles } from './editorial-content';

// Search (owned by the search engine, src/server/search): frequent searches feeding the suggestions.
// Migration 0003 (hand-written) adds the immutable `search_normalize(text)` function (lower case, accents
// removed) and trigram indexes on normalised titles. Migration 0004 (hand-written) adds the lexeme dictionary and
// the suggestion phrases below, the triggers that keep them in sync with the content, and their trigram and
// full-text indexes (drizzle-kit does not model triggers, operator classes of expressions or dictionaries).

/** Searches that found something, counted by normalised text: the "frequent searches" of the suggestions. */
export const searchQueries = pgTable(
  'search_queries',
  {
    /** Lower-cased, accent-free, single-spaced text (search_normalize). */
    normalized: text().primaryKey(),
    /** The text as last typed, shown as the suggestion. */
    term: text().notNull(),
    hits: integer().notNull().default(1),
    lastSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_queries_hits_idx').on(t.hits.desc())],
);

// Search (trustworthy suggestions): a frequent search is suggested only once enough distinct readers
// made it lately (SEARCH_SUGGESTION_MIN_CLIENTS addresses in 7 days), and never when the blocklist holds one of
// its words or phrases (src/server/search/suggestion-rules.ts).

/** Who made each frequent search lately: one row per search and client (a hash of the address, never the address). */
export const searchQueryClients = pgTable(
  'search_query_clients',
  {
    normalized: text().notNull(),
    client: text().notNull(),
    lastSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.normalized, t.client] }),
    index('search_query_clients_last_idx').on(t.lastSearchedAt),
  ],
);

/** Words and phrases administrators never want suggested (normalised: search_normalize). */
export const searchBlocklist = pgTable('search_blocklist', {
  normalized: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every lexeme of the search vectors with the number of news and of subscriber documents holding it. */
export const searchLexemes = pgTable('search_lexemes', {
  lexeme: text().primaryKey(),
  articles: integer().notNull().default(0),
  documents: integer().notNull().default(0),
});

/**
 * Rows per corpus ('articles' or 'documents') and day (a news's Paris-time day of publication, a document's
 * date_resultat): the window bounds of the search read the day from which the newest rows reach a count here
 * instead of scanning that many dates (migration 0015, decision 051). Kept exact by statement-level triggers.
 */
export const searchDayCounts = pgTable(
  'search_day_counts',
  {
    corpus: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    rows: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.corpus, t.day] })],
);

/** Distinct suggestion phrases: 1 frequent searches (weight: hits), 2 topic labels, 3 news titles (recency). */
export const searchSuggestions = pgTable(
  'search_suggestions',
  {
    source: smallint().notNull(),
    /** search_normalize(value). */
    normalized: text().notNull(),
    value: text().notNull(),
    weight: doublePrecision().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source, t.normalized] })],
);
