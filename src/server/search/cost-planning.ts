import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

/**
 * Cost planning: how a corpus's candidates are read (docs/SEARCH.md "One search", step 2). From the lexeme
 * dictionary's exact counts and the planner's estimate of the selected facets, a very common term reads a window
 * of the newest rows instead of all its matches, either through bitmaps or by testing each row of the window.
 */

/**
 * Most matches ranked (and counted in facets) per corpus. Ranking and counting every match of a very common
 * word over a million documents cannot fit the latency budget, so past this many matches a corpus contributes
 * its newest CANDIDATE_CAP matches and the answer says `bounded` (49 pages of 20 of one corpus need 980).
 */
export const CANDIDATE_CAP = 1000;

/**
 * Reading a match (heap row, then sorted with its vector) costs about this many entries of the date index's bitmap
 * (measured on PostgreSQL 15: 21 ms for a bitmap of 367,000 dates, 2 µs a match): a window pays when the matches
 * it avoids reading cost more than its date bitmap.
 */
const MATCH_COST_IN_DATES = 35;

/** How many times CANDIDATE_CAP matches a window is sized to hold, by the dictionary's estimate. */
const WINDOW_MARGIN = 1.5;

/**
 * Reading a row of a window and testing its vector costs about this many entries of a full-text bitmap (measured
 * on PostgreSQL 15: 3.4 µs a row of the date walk, 0.34 µs a posting of the GIN bitmap of a very common word).
 */
const WALK_ROW_COST = 10;

export type Window = { bound: string; walk: boolean };
/**
 * Each corpus's window, whether the term's matches could be estimated at all (no `or`, `-mot`, phrase), and
 * `none`: the dictionary says nothing matches (each corpus lacks one of the term's required words).
 */
export type WindowBounds = { news: Window | null; docs: Window | null; estimated: boolean; none: boolean };
export const NO_WINDOW: WindowBounds = { news: null, docs: null, estimated: false, none: false };

/** A corpus a search covers, with its selected date range and other facets (null: none). */
export type CorpusScope = { dates: SQL | null; others: SQL | null } | null;

/** True for a term whose match count the dictionary cannot estimate: alternatives, exclusions, phrases. */
export function isUnestimated(term: string): boolean {
  return /"|(^|\s)-\S|(^|\s)or(\s|$)/i.test(term);
}

/**
 * For each corpus, the date from which its newest rows (within the selected date range) should hold
 * WINDOW_MARGIN x CANDIDATE_CAP matches, or null when no window helps. The share of the corpus that matches is
 * estimated as the term's share (from the lexeme dictionary: the product of its words' shares, each word of the
 * query being required) times the other facets' share (from the planner's statistics: EXPLAIN of those facets
 * alone); a window is used only for matches estimated at several times the cap.
 */
export async function windowBounds(
  db: Db,
  term: string,
  lexemes: SQL,
  scopes: { news: CorpusScope; docs: CorpusScope },
): Promise<WindowBounds> {
  if (isUnestimated(term)) return NO_WINDOW;
  const [stats] = await queryRows<{
    news_rows: number;
    docs_rows: number;
    lexemes: { articles: number; documents: number }[];
  }>(
    db,
    sql`select
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'articles'::regclass) as news_rows,
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'subscriber_documents'::regclass) as docs_rows,
      (select coalesce(json_agg(json_build_object('articles', coalesce(l.articles, 0), 'documents', coalesce(l.documents, 0))), '[]')
        from (select distinct lexeme from unnest(${lexemes}) lexeme) w
        left join search_lexemes l using (lexeme)) as lexemes`,
  );
  if (!stats || stats.lexemes.length === 0) return NO_WINDOW;
  // Every word of an estimated term is required, and the dictionary's counts are exact: when each corpus lacks
  // one of the words (a typo, a pasted string), nothing matches and the search statement is skipped.
  const none =
    stats.lexemes.some((lexeme) => lexeme.articles === 0) &&
    stats.lexemes.some((lexeme) => lexeme.documents === 0);
  if (none) return { news: null, docs: null, estimated: true, none };
  // Each estimate is one round trip: the two corpora's are sent together (separate connections on PostgreSQL).
  const [news, docs] = await Promise.all([
    planWindow(
      db,
      scopes.news,
      sql`articles a`,
      stats.news_rows,
      stats.lexemes.map((l) => l.articles),
    ),
    planWindow(
      db,
      scopes.docs,
      sql`subscriber_documents d`,
      stats.docs_rows,
      stats.lexemes.map((l) => l.documents),
    ),
  ]);
  if (news === null && docs === null) return { news: null, docs: null, estimated: true, none };
  // The newest rows of the date range are read from the date index up to the offset (an index-only scan on a
  // vacuumed table). The ORDER BY names the table's column: an unqualified name would sort by the output column,
  // the date as text.
  const [row] = await queryRows<{ news: string | null; docs: string | null }>(
    db,
    sql`select
      ${news === null ? sql`null` : sql`(select a.publication_date::text as bound from articles a where ${news.dates ?? sql`true`} order by a.publication_date desc nulls last offset ${news.rows} limit 1)`} as news,
      ${docs === null ? sql`null` : sql`(select d.date_resultat::text as bound from subscriber_documents d where ${docs.dates ?? sql`true`} order by d.date_resultat desc nulls last offset ${docs.rows} limit 1)`} as docs`,
  );
  return {
    news: row?.news && news ? { bound: row.news, walk: news.walk } : null,
    docs: row?.docs && docs ? { bound: row.docs, walk: docs.walk } : null,
    estimated: true,
    none,
  };
}

/** One corpus's window in rows of its date range, and whether testing each of them beats the bitmaps; or null. */
async function planWindow(
  db: Db,
  scope: CorpusScope,
  table: SQL,
  rows: number,
  counts: number[],
): Promise<{ rows: number; walk: boolean; dates: SQL | null } | null> {
  if (scope === null || rows <= 0) return null;
  const termShare = counts.reduce((product, count) => product * Math.min(1, count / rows), 1);
  const share = async (where: SQL | null) =>
    where ? Math.min(1, (await estimatedRows(db, table, where)) / rows) : 1;
  const [othersShare, datesShare] = await Promise.all([share(scope.others), share(scope.dates)]);
  const matches = termShare * othersShare * datesShare * rows;
  if (matches < WINDOW_MARGIN * 2 * CANDIDATE_CAP) return null;
  const windowRows = Math.ceil((WINDOW_MARGIN * CANDIDATE_CAP) / (termShare * othersShare));
  if (windowRows >= rows * datesShare) return null;
  if (windowRows > MATCH_COST_IN_DATES * (matches - WINDOW_MARGIN * CANDIDATE_CAP)) return null;
  // A bitmap AND reads every posting of the least common word, and of the other facets' indexes (about their
  // share of the rows).
  const postings = Math.min(...counts) + (scope.others ? othersShare * rows : 0);
  return { rows: windowRows, walk: windowRows * WALK_ROW_COST < postings, dates: scope.dates };
}

/** The product codes of a job's subscriptions (product_mappings). */
export async function productCodesOfJob(db: Db, job: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select distinct product_code as code from product_mappings where job = ${job}`,
  );
  return rows.map((row) => row.code);
}

/** The planner's estimate of the rows of `table` that pass `where` (EXPLAIN only: nothing is read). */
async function estimatedRows(db: Db, table: SQL, where: SQL): Promise<number> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${table} where ${where}`,
  );
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
    { Plan?: { 'Plan Rows'?: number } },
  ];
  return parsed[0]?.Plan?.['Plan Rows'] ?? 0;
}
