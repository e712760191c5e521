import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { SEARCH_CONFIG } from '../db/schema';
import type { FullTextQuery } from './query-building';

/**
 * Most unknown words a query may have to be corrected. Each costs a trigram search of the lexeme dictionary and
 * the corrected query a second search: a pasted paragraph of 30 unknown words made one request hold the server
 * (PGlite runs in its only thread) for seconds. A query with more unknown words is left as typed (it finds
 * nothing: a misspelling is a word or two, not a sentence).
 */
const MAX_CORRECTED_WORDS = 3;

/**
 * The typed query with each word the corpus does not know replaced by the most similar lexeme of the dictionary
 * (search_lexemes: trigram similarity, then the most frequent), or null when no word needed or found a
 * correction, or when more than MAX_CORRECTED_WORDS would need one. Lexemes are compared after stemming, so
 * `licenciment` -> `licenci` is matched with the corpus's `licenci` whatever the ending typed. The replacement is
 * done inside the parsed query (ts_rewrite), so phrases, alternatives and exclusions keep their meaning.
 */
export async function correctedQuery(
  db: Db,
  term: string,
  typed: FullTextQuery,
): Promise<FullTextQuery | null> {
  const fixes = await queryRows<{ wrong: string; fix: string | null; unknown: number }>(
    db,
    sql`with words as (
        select distinct w.lexeme from unnest(to_tsvector(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${term})) w
        where not exists (select 1 from search_lexemes k where k.lexeme = w.lexeme)
      ),
      counted as (select count(*)::int as unknown from words)
      select w.lexeme as wrong, f.lexeme as fix, counted.unknown
      from counted, words w
      cross join lateral (
        select l.lexeme from search_lexemes l where l.lexeme % w.lexeme
        order by similarity(l.lexeme, w.lexeme) desc, l.articles + l.documents desc, l.lexeme limit 1
      ) f
      where counted.unknown <= ${MAX_CORRECTED_WORDS}`,
  );
  const found = fixes.filter(
    (row): row is { wrong: string; fix: string; unknown: number } => row.fix !== null,
  );
  if (found.length === 0) return null;
  const tsquery = found.reduce(
    (query, { wrong, fix }) =>
      sql`ts_rewrite(${query}, ${tsqueryLexeme(wrong)}::tsquery, ${tsqueryLexeme(fix)}::tsquery)`,
    typed.tsquery,
  );
  const corrections = sql`${JSON.stringify(Object.fromEntries(found.map(({ wrong, fix }) => [wrong, fix])))}::jsonb`;
  return {
    tsquery,
    // A corrected word was not typed: only the words typed right can rank a row first.
    wordsAsTyped: typed.wordsAsTyped,
    words: sql`array(select (select string_agg(coalesce(${corrections} ->> l, l), ' ')
        from unnest(string_to_array(w, ' ')) l) from unnest(${typed.words}) w)`,
  };
}

/** A tsquery holding one lexeme as is (quoted: no parsing, no stemming). */
function tsqueryLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
