import 'server-only';
import { sql } from 'drizzle-orm';
import { SUGGEST_MIN_CHARS } from '@/lib/constants';
import type { Db } from '../db/client';
import { formatSuggestion } from './highlight';
import { queryRows } from './rows';
import type { SearchSuggestion } from './types';

/** Suggestions returned at most. */
export const SUGGESTION_LIMIT = 8;

/**
 * Suggestions for a typed text of SUGGEST_MIN_CHARS characters or more: frequent searches first, then topic
 * labels, then news titles. Matching is on normalised text (case and accents ignored) by trigram word
 * similarity, so a typo still finds its words; exact containment ranks first. Fewer than SUGGEST_MIN_CHARS
 * characters give no suggestion.
 */
export async function suggest(db: Db, typed: string): Promise<SearchSuggestion[]> {
  const term = typed.replace(/\s+/g, ' ').trim();
  if (Array.from(term).length < SUGGEST_MIN_CHARS) return [];
  const rows = await queryRows<{ value: string }>(
    db,
    sql`
    with t as (select search_normalize(${term}) as n)
    select value from (
      (select q.term as value, 1 as source, (strpos(q.normalized, t.n) > 0)::int as exact,
          word_similarity(t.n, q.normalized) as score, q.hits::float8 as weight
        from search_queries q, t where t.n <% q.normalized
        order by exact desc, score desc, weight desc limit ${SUGGESTION_LIMIT})
      union all
      (select tp.label, 2, (strpos(search_normalize(tp.label), t.n) > 0)::int,
          word_similarity(t.n, search_normalize(tp.label)), 0
        from topics tp, t where t.n <% search_normalize(tp.label)
        order by 3 desc, 4 desc limit ${SUGGESTION_LIMIT})
      union all
      (select a.title, 3, (strpos(search_normalize(a.title), t.n) > 0)::int,
          word_similarity(t.n, search_normalize(a.title)), extract(epoch from a.publication_date)
        from articles a, t where t.n <% search_normalize(a.title)
        order by 3 desc, 4 desc, 5 desc limit ${SUGGESTION_LIMIT})
    ) s
    order by exact desc, source, score desc, weight desc
  `,
  );
  const seen = new Set<string>();
  const suggestions: SearchSuggestion[] = [];
  for (const { value } of rows) {
    const key = value.toLocaleLowerCase('fr');
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push({ value, formatedSuggestion: formatSuggestion(value, term, SUGGEST_MIN_CHARS) });
    if (suggestions.length === SUGGESTION_LIMIT) break;
  }
  return suggestions;
}
