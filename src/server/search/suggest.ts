import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { SUGGEST_MIN_CHARS } from '@/lib/constants';
import { escapeHtml } from '@/lib/text';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { referencedTextPage } from '../legal-references/search-hits';
import { formatSuggestion } from './highlight';
import type { SearchSuggestion } from './types';

/** Suggestions returned at most. */
const SUGGESTION_LIMIT = 8;

/**
 * Typed texts shorter than this are not corrected: a "typo" in three or four characters cannot be told from
 * another word, and the trigram index answers short texts slowly (their few trigrams are in most phrases).
 */
export const SUGGEST_TYPO_MIN_CHARS = 5;

/** The sources of search_suggestions (migration 0004), in the order they are offered. */
const SOURCES = { frequentSearches: 1, topics: 2, titles: 3 } as const;

/**
 * Suggestions for a typed text of SUGGEST_MIN_CHARS characters or more, from the table of distinct suggestion
 * phrases (search_suggestions: frequent searches, topic labels, news titles, kept in sync by triggers), case and
 * accents ignored, in three tiers that each run only when the previous ones found fewer than SUGGESTION_LIMIT:
 * 1. phrases starting with the typed text (B-tree prefix range), frequent searches first, then topics, then titles,
 *    each by popularity or recency;
 * 2. phrases with words starting with the typed words (full-text prefix query on the phrase's words);
 * 3. for a typo, phrases whose words are most similar by trigrams (from SUGGEST_TYPO_MIN_CHARS characters).
 */
export async function suggest(db: Db, typed: string): Promise<SearchSuggestion[]> {
  const term = typed.replace(/\s+/g, ' ').trim();
  if (Array.from(term).length < SUGGEST_MIN_CHARS) return [];
  // A legal reference ("L1233-3", "article 39 CGI") is offered its text's page first.
  const textPage = await referencedTextPage(db, term);
  const found: string[] = [];
  const add = (rows: { value: string }[]) => {
    for (const { value } of rows) found.push(value);
  };
  add(await phrasePrefix(db, term));
  if (distinct(found).length < SUGGESTION_LIMIT) add(await wordPrefix(db, term));
  if (distinct(found).length < SUGGESTION_LIMIT && Array.from(term).length >= SUGGEST_TYPO_MIN_CHARS) {
    add(await similar(db, term));
  }
  const phrases = distinct(found)
    .slice(0, textPage ? SUGGESTION_LIMIT - 1 : SUGGESTION_LIMIT)
    .map((value) => ({ value, formatedSuggestion: formatSuggestion(value, term, SUGGEST_MIN_CHARS) }));
  if (!textPage) return phrases;
  return [
    { value: textPage.label, formatedSuggestion: escapeHtml(textPage.label), url: textPage.path },
    ...phrases,
  ];
}

/** The values in order, without repeats (case ignored): a title may also be a topic or a frequent search. */
function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLocaleLowerCase('fr');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The best phrases of one source among the matching ones. */
function perSource(where: SQL, source: number): SQL {
  return sql`(select value, ${source}::int as source, weight from search_suggestions s
    where s.source = ${source} and ${where} order by weight desc, normalized limit ${SUGGESTION_LIMIT})`;
}

function bySource(where: SQL): SQL {
  return sql`select value from (${sql.join(
    Object.values(SOURCES).map((source) => perSource(where, source)),
    sql` union all `,
  )}) s order by source, weight desc`;
}

/**
 * Tier 1. The LIKE pattern is computed from the typed text with IMMUTABLE functions only, so that the planner
 * folds it to a constant and reads the (source, normalized text_pattern_ops) index range; LIKE's wildcards and
 * escape character typed by the visitor are escaped.
 */
function phrasePrefix(db: Db, term: string) {
  const pattern = sql`replace(replace(replace(search_normalize(${term}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  return queryRows<{ value: string }>(db, bySource(sql`s.normalized like ${pattern}`));
}

/** Tier 2: every word of the typed text as a prefix ('bail c' -> 'bail':* & 'c':*), over the phrase's words. */
function wordPrefix(db: Db, term: string) {
  const query = sql`(select string_agg(quote_literal(w.lexeme) || ':*', ' & ')::tsquery
    from unnest(to_tsvector('simple', search_normalize(${term}))) w)`;
  return queryRows<{ value: string }>(db, bySource(sql`to_tsvector('simple', s.normalized) @@ ${query}`));
}

/** Tier 3: trigram word similarity (pg_trgm's <% with its default threshold), most similar first. */
function similar(db: Db, term: string) {
  return queryRows<{ value: string }>(
    db,
    sql`with t as (select search_normalize(${term}) as n)
      select value from (
        select s.value, s.source, s.weight, word_similarity(t.n, s.normalized) as score
        from search_suggestions s, t where t.n <% s.normalized
        order by score desc, s.source, s.weight desc limit ${SUGGESTION_LIMIT}
      ) s order by score desc, source, weight desc`,
  );
}
