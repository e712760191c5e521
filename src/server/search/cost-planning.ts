import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { SITE_TIME_ZONE } from '@/lib/dates';
import { type Db, isEmbedded } from '../db/client';
import { queryRows } from '../db/rows';
import { remember } from '../lib/remember';

/**
 * Cost planning: how a corpus's candidates are read (docs/SEARCH.md "One search", step 2). From the lexeme
 * dictionary's exact counts and the planner's estimate of the selected facets, a very common term reads a window
 * of the newest rows (a few months) instead of all its matches, through the index of text and facet values
 * (migration 0014).
 */

/**
 * Most matches ranked (and counted in facets) per corpus. Ranking and counting every match of a very common
 * word over a million documents cannot fit the latency budget, so past this many matches a corpus contributes
 * its newest CANDIDATE_CAP matches and the answer says `bounded` (49 pages of 20 of one corpus need 980).
 */
export const CANDIDATE_CAP = 1000;

/**
 * Reading a match (heap row, then sorted with its vector) costs about this many rows of a window (measured on
 * PostgreSQL 15 for the date index's bitmap: 21 ms for 367,000 dates, 2 µs a match; a window's month postings in
 * the facet index cost less): a window pays when the matches it avoids reading cost more than its rows.
 */
const MATCH_COST_IN_DATES = 35;

/**
 * A windowed term reads a tier instead when its matches there are estimated at most this many times
 * CANDIDATE_CAP (decision 062: at 1.1M documents `facturation électronique`, about 1,350 in the tier, gained 14 ms;
 * `télétravail`, 3,300, lost 3 ms against its window).
 */
const TIER_MAX_READ = 2;

/** How many times CANDIDATE_CAP matches a window is sized to hold, by the dictionary's estimate. */
const WINDOW_MARGIN = 1.5;

/**
 * On PGlite, from this many rows a window's bound is read from the rows per day (search_day_counts, decision 051),
 * below it from the date index: for the small windows of 110,000 documents the index (7,100 dates: 1.2 ms) beat
 * the days (its 10,000 news span 1,700 days for a 4,400-row window: 10 ms, each row through PGlite's executor).
 * On PostgreSQL the days serve every window: at 1.1M documents the date index's scan took 5 to 16 ms for a
 * 57,000-row window, the days 0.2 to 2.5 ms, and a very common word's bounds (7,100 rows) 1.7 to 2.6 ms against
 * 1.3 to 1.6 (docs/SEARCH.md).
 */
export const DAY_COUNTS_FROM_ROWS = 20_000;

/** The window size from which its bound is read from the rows per day, on this database (DAY_COUNTS_FROM_ROWS). */
export function dayCountsFrom(db: Db): number {
  return isEmbedded(db) ? DAY_COUNTS_FROM_ROWS : 0;
}

/**
 * A corpus's window: its rows from `bound` on (the column's type, as text), and their months (YYYYMM, in Paris
 * time for news, within the selected dates), whose lexemes ('#d202611') select them in the facet index.
 */
type Window = { bound: string; months: string[] };
/**
 * The search's tiers (decisions 062 and 063): partial full-text indexes over a corpus's rows from a given day on,
 * the recent one (about two years) and the wider one (about five).
 */
export type Tier = 'recent' | 'wider';
type Tiers = { news: Tier | null; docs: Tier | null };

/**
 * Each corpus's window, whether the term's matches could be estimated at all (no `or`, `-mot`, phrase), `none`:
 * the dictionary says nothing matches (each corpus lacks one of the term's required words), and for each corpus
 * the tier its matches are looked for in first (null: none).
 */
export type WindowBounds = {
  news: Window | null;
  docs: Window | null;
  estimated: boolean;
  none: boolean;
  tiers: Tiers;
};
const NO_TIER: Tiers = { news: null, docs: null };
export const NO_WINDOW: WindowBounds = {
  news: null,
  docs: null,
  estimated: false,
  none: false,
  tiers: NO_TIER,
};

/**
 * A corpus a search covers (null: left out): its selected date range and other facets as conditions on its
 * table (null: none), the date range again over the days of search_day_counts (`c.day`), the other facets as a tsquery of facet lexemes over the facet index (migration 0014; null:
 * none), and the selected years (YYYY) and months (YYYYMM), which bound a window's months (empty: any).
 */
export type CorpusScope = {
  dates: SQL | null;
  days: SQL | null;
  others: SQL | null;
  facetQuery: string | null;
  periods: string[];
} | null;

/** Alternatives and exclusions: terms whose match count the dictionary cannot estimate. */
function hasAlternativesOrExclusions(term: string): boolean {
  return /(^|\s)-\S|(^|\s)or(\s|$)/i.test(term);
}

/**
 * Each corpus's rows (the planner's count) and, for each word of a term, the news and documents holding it: those
 * holding its rarest lexeme (a hyphenated word's lexemes come together: a document holding the word holds them all).
 */
export type LexemeCounts = {
  news_rows: number;
  docs_rows: number;
  /**
   * Each corpus's rows in the recent tier and in the wider tier's band before it (the planner's count of their
   * partial indexes' entries).
   */
  news_recent: number;
  docs_recent: number;
  news_band: number;
  docs_band: number;
  words: { articles: number; documents: number }[];
};

const newsCounts = (stats: LexemeCounts) => stats.words.map((word) => word.articles);
const docsCounts = (stats: LexemeCounts) => stats.words.map((word) => word.documents);

/**
 * A term's word counts (from search_lexemes: exact for a word of one lexeme, an upper bound for a hyphenated one)
 * and each corpus's rows, which size its windows. The engine reads them once per search: a search with a selected
 * facet plans one read per selected facet of the same term.
 */
export async function lexemeCounts(db: Db, words: SQL): Promise<LexemeCounts | undefined> {
  const [stats] = await queryRows<LexemeCounts>(
    db,
    sql`select
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'articles'::regclass) as news_rows,
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'subscriber_documents'::regclass) as docs_rows,
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'articles_recent_search_idx'::regclass) as news_recent,
      (select greatest(reltuples, 0)::float8 from pg_class
        where oid = 'subscriber_documents_recent_search_idx'::regclass) as docs_recent,
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'articles_wider_search_idx'::regclass) as news_band,
      (select greatest(reltuples, 0)::float8 from pg_class
        where oid = 'subscriber_documents_wider_search_idx'::regclass) as docs_band,
      (select coalesce(json_agg(json_build_object('articles', c.articles, 'documents', c.documents)), '[]')
        from (select min(coalesce(l.articles, 0)) as articles, min(coalesce(l.documents, 0)) as documents
          from (select distinct word from unnest(${words}) word) w
          cross join lateral unnest(string_to_array(w.word, ' ')) p(part)
          left join search_lexemes l on l.lexeme = p.part
          group by w.word) c) as words`,
  );
  return stats;
}

/**
 * For each corpus, the date from which its newest rows (within the selected date range) should hold
 * WINDOW_MARGIN x CANDIDATE_CAP matches, or null when no window helps. The share of the corpus that matches is
 * estimated as the term's share (from the lexeme dictionary: the product of its words' shares, each word of the
 * query being required, a hyphenated word's share that of its rarest lexeme) times the other facets' share (from
 * the planner's statistics: EXPLAIN of those facets alone); a window is used only for matches estimated at several
 * times the cap.
 */
export async function windowBounds(
  db: Db,
  term: string,
  words: SQL,
  scopes: { news: CorpusScope; docs: CorpusScope },
  daysFrom = dayCountsFrom(db),
  dictionary: () => Promise<LexemeCounts | undefined> = () => lexemeCounts(db, words),
): Promise<WindowBounds> {
  if (hasAlternativesOrExclusions(term)) return NO_WINDOW;
  // A phrase (quoted words) is not estimated either: it reads the dictionary only to choose a tier, which
  // PGlite has not.
  const phrase = term.includes('"');
  if (phrase && isEmbedded(db)) return NO_WINDOW;
  const stats = await dictionary();
  if (!stats || stats.words.length === 0) return NO_WINDOW;
  // A phrase is far rarer than its words together, so its matches are not estimated: they are read whole, from the
  // first tier it is likely enough to fill, if any (`phraseReadsTier`).
  if (phrase)
    return {
      ...NO_WINDOW,
      tiers: onPostgres(db, {
        news: phraseTier(scopes.news, newsTiers(stats), newsCounts(stats), stats.news_rows),
        docs: phraseTier(scopes.docs, docsTiers(stats), docsCounts(stats), stats.docs_rows),
      }),
    };
  // Every word of an estimated term is required, and the dictionary's counts are exact: when each corpus lacks
  // one of the words (a typo, a pasted string), nothing matches and the search statement is skipped.
  const none =
    stats.words.some((word) => word.articles === 0) && stats.words.some((word) => word.documents === 0);
  if (none) return { news: null, docs: null, estimated: true, none, tiers: NO_TIER };
  // Each estimate is one round trip: the two corpora's are sent together (separate connections on PostgreSQL).
  const [newsPlan, docsPlan] = await Promise.all([
    planCorpus(db, scopes.news, sql`articles a`, stats.news_rows, newsTiers(stats), newsCounts(stats)),
    planCorpus(
      db,
      scopes.docs,
      sql`subscriber_documents d`,
      stats.docs_rows,
      docsTiers(stats),
      docsCounts(stats),
    ),
  ]);
  const [news, docs] = [newsPlan.window, docsPlan.window];
  const tiers = onPostgres(db, { news: newsPlan.tier, docs: docsPlan.tier });
  if (news === null && docs === null) return { news: null, docs: null, estimated: true, none, tiers };
  // Each corpus's bound, its month and the month of its newest row (cost-planning's windows: see boundOf).
  const [row] = await queryRows<{
    news: string | null;
    news_from: string | null;
    news_to: string | null;
    docs: string | null;
    docs_from: string | null;
    docs_to: string | null;
  }>(
    db,
    sql`select n.bound as news, n.from_month as news_from, n.to_month as news_to,
      d.bound as docs, d.from_month as docs_from, d.to_month as docs_to
    from (${boundOf('articles', news, daysFrom)}) n, (${boundOf('documents', docs, daysFrom)}) d`,
  );
  const window = (
    bound: string | null | undefined,
    from: string | null | undefined,
    to: string | null | undefined,
    scope: CorpusScope,
  ): Window | null =>
    bound && from && to && scope ? { bound, months: monthsBetween(from, to, scope.periods) } : null;
  return {
    news: window(row?.news, row?.news_from, row?.news_to, scopes.news),
    docs: window(row?.docs, row?.docs_from, row?.docs_to, scopes.docs),
    estimated: true,
    none,
    tiers,
  };
}

/** A corpus's rows in each tier, the smaller first (the wider tier holds the recent one's rows and its band). */
const tierSizes = (recent: number, band: number) =>
  [
    ['recent', recent],
    ['wider', recent + band],
  ] as const;
const newsTiers = (stats: LexemeCounts) => tierSizes(stats.news_recent, stats.news_band);
const docsTiers = (stats: LexemeCounts) => tierSizes(stats.docs_recent, stats.docs_band);

/** The first tier (the smaller first) a corpus reads its term's newest matches in (`readsTier`), or null. */
function tierRead(
  scope: CorpusScope,
  windowRows: number | null,
  tiers: readonly (readonly [Tier, number])[],
  share: number,
): Tier | null {
  return tiers.find(([, rows]) => readsTier(scope, windowRows, rows, share))?.[0] ?? null;
}

/**
 * Whether a corpus looks for a term's newest matches in a tier of `tierRows` rows first (decisions 062 and 063),
 * from the share of the corpus its matches make (with the selected facets): not when a date is selected (the tier
 * holds its own years), nor when the tier should hold the cap or fewer (the older rows would be read too, which
 * costs more than reading all the matches at once); for a term that has a window, when that window reaches back
 * before the tier (its months' postings then cost more than the tier's) and the tier's matches are few enough to
 * read whole, or when it lies within the tier and its months' postings cost more than the tier's matches older than
 * it (`donation` + Patrimoine, a window of 20 months: 12 ms of postings against 1 in the recent tier).
 */
function readsTier(scope: CorpusScope, windowRows: number | null, tierRows: number, share: number): boolean {
  if (scope === null || scope.periods.length > 0) return false;
  const inTier = share * tierRows;
  if (inTier <= CANDIDATE_CAP) return false;
  if (windowRows === null) return true;
  if (windowRows >= tierRows) return inTier <= TIER_MAX_READ * CANDIDATE_CAP;
  // A window within the tier: the postings of its months (every row of the window) against the tier's matches
  // older than the window, which the tier's read reads too.
  return windowRows > MATCH_COST_IN_DATES * (inTier - WINDOW_MARGIN * CANDIDATE_CAP);
}

/** The first tier (the smaller first) a phrase reads its newest matches in (`phraseReadsTier`), or null. */
function phraseTier(
  scope: CorpusScope,
  tiers: readonly (readonly [Tier, number])[],
  counts: number[],
  rows: number,
): Tier | null {
  const share = shareOf(counts, rows);
  return tiers.find(([, tierRows]) => phraseReadsTier(scope, tierRows, rows, share))?.[0] ?? null;
}

/**
 * Whether a phrase looks for its newest matches in a tier of `tierRows` of its corpus's `rows` first. Its words
 * together (`share`) bound its matches from above; the phrase may be any fraction of them. A tier that holds fewer
 * than the cap costs its own read and then the whole index's (the older matches' branch), where reading whole costs
 * the whole index once; a tier that holds the cap spares the whole index for the tier's. With the phrase's fraction
 * as likely anywhere from 0 to 1, the tier holds the cap with a chance of 1 - cap / (its words together), and pays
 * when that chance passes the tier's share of the corpus: `"plus-value" cession` over 1.1M documents, 1,168 words
 * together in the news's wider tier (41 % of the news) and 934 of the phrase, read the tier and then 2,878 rows over
 * the whole index (13 ms) where reading whole takes 7.
 */
function phraseReadsTier(scope: CorpusScope, tierRows: number, rows: number, share: number): boolean {
  if (scope === null || scope.periods.length > 0 || rows <= 0) return false;
  return share * tierRows * (1 - Math.min(1, tierRows / rows)) > CANDIDATE_CAP;
}

type ReadBounds = Pick<WindowBounds, 'news' | 'docs' | 'tiers'>;

/**
 * Whether a corpus reads its window alone first: it has a window and no tier (a corpus read through a tier reads
 * its older matches in the same statement, query-building.ts).
 */
const windowAlone = (bounds: ReadBounds, corpus: 'news' | 'docs') =>
  bounds[corpus] !== null && bounds.tiers[corpus] === null;

/** Whether a read has a corpus that reads its window alone first (`newestOnly` of its statement). */
export function readsWindowAlone(bounds: ReadBounds): boolean {
  return windowAlone(bounds, 'news') || windowAlone(bounds, 'docs');
}

/**
 * True when a corpus read through its window alone found there fewer than the cap + 1 matches: its answer needs
 * the older matches too (the window is sized from the dictionary's estimate, which assumes matches spread evenly).
 */
export function cameShort(
  bounds: ReadBounds,
  row: { total_news: number; total_docs: number } | null,
): boolean {
  if (row === null) return false;
  return (
    (windowAlone(bounds, 'news') && row.total_news <= CANDIDATE_CAP) ||
    (windowAlone(bounds, 'docs') && row.total_docs <= CANDIDATE_CAP)
  );
}

/** Each corpus's date column and how its day (Paris time for news) and month are read from it. */
const CORPORA = {
  articles: {
    table: sql`articles a`,
    date: sql`a.publication_date`,
    month: (date: SQL) => sql`to_char(${date} at time zone ${SITE_TIME_ZONE}, 'YYYYMM')`,
    midnight: (day: SQL) => sql`(${day}::timestamp at time zone ${SITE_TIME_ZONE})`,
  },
  documents: {
    table: sql`subscriber_documents d`,
    date: sql`d.date_resultat`,
    month: (date: SQL) => sql`to_char(${date}, 'YYYYMM')`,
    midnight: (day: SQL) => day,
  },
} as const;

/**
 * A corpus's window bound (as text, the column's type), its month and the month of the corpus's newest row; nulls
 * without a window. A large window (`dayCountsFrom` rows or more) reads the rows per day (search_day_counts,
 * migration 0015, within the selected dates): the newest day from which their running count passes the window's
 * rows, read newest first (the primary key's order: the scan stops at that day); a news window then starts at that
 * day's Paris midnight, a few more rows than planned. A smaller one reads the date index up to the offset (an
 * index-only scan on a vacuumed table); its ORDER BY names the table's column (an unqualified name would sort by
 * the output column, the date as text). `offset 0` keeps the bound's subquery a subquery: pulled up, it would run
 * once for each of the two columns that read it.
 */
function boundOf(
  corpus: keyof typeof CORPORA,
  window: { rows: number; dates: SQL | null; days: SQL | null } | null,
  dayCountsFrom: number,
): SQL {
  if (window === null)
    return sql`select null::text as bound, null::text as from_month, null::text as to_month`;
  const { table, date, month, midnight } = CORPORA[corpus];
  if (window.rows >= dayCountsFrom)
    return sql`select ${midnight(sql`b.bound`)}::text as bound, to_char(b.bound, 'YYYYMM') as from_month,
      to_char(b.newest, 'YYYYMM') as to_month
    from (select (select c.day from (
        select c.day, sum(c.rows) over (order by c.day desc) as running from search_day_counts c
        where c.corpus = ${corpus} and ${window.days ?? sql`true`}
      ) c where c.running > ${window.rows} order by c.day desc limit 1) as bound,
      (select max(c.day) from search_day_counts c where c.corpus = ${corpus}) as newest offset 0) b`;
  return sql`select b.bound::text as bound, ${month(sql`b.bound`)} as from_month, ${month(sql`b.newest`)} as to_month
    from (select (select ${date} from ${table} where ${window.dates ?? sql`true`}
        order by ${date} desc nulls last offset ${window.rows} limit 1) as bound,
      (select max(${date}) from ${table}) as newest offset 0) b`;
}

/** The months (YYYYMM) from `from` to `to`, within the selected years and months (`periods`, empty: any). */
export function monthsBetween(from: string, to: string, periods: readonly string[]): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(4, 6));
  for (let key = from; key <= to; key = `${year}${String(month).padStart(2, '0')}`) {
    if (periods.length === 0 || periods.includes(key) || periods.includes(key.slice(0, 4))) months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * One corpus's window in rows of its date range (null when reading all the matches costs less), and the tier its
 * matches are looked for in first (null: none).
 */
async function planCorpus(
  db: Db,
  scope: CorpusScope,
  table: SQL,
  rows: number,
  tiers: readonly (readonly [Tier, number])[],
  counts: number[],
): Promise<CorpusPlan> {
  if (scope === null || rows <= 0) return NO_PLAN;
  const termShare = shareOf(counts, rows);
  const share = async (where: SQL | null) =>
    where ? Math.min(1, (await estimatedRows(db, table, where)) / rows) : 1;
  const [othersShare, datesShare] = await Promise.all([share(scope.others), share(scope.dates)]);
  const window = sizedWindow(rows, termShare * othersShare, datesShare);
  return {
    window: window === null ? null : { rows: window, dates: scope.dates, days: scope.days },
    tier: tierRead(scope, window, tiers, termShare * othersShare),
  };
}

type CorpusPlan = {
  window: { rows: number; dates: SQL | null; days: SQL | null } | null;
  tier: Tier | null;
};
const NO_PLAN: CorpusPlan = { window: null, tier: null };

/**
 * The tiers on PostgreSQL only: on PGlite at 110,000 documents the posting lists are short already, and a
 * tier's two reads cost more than they spare (`"plus-value" cession` 17.2 → 19.9 ms, decision 062).
 */
function onPostgres(db: Db, tiers: Tiers): Tiers {
  return isEmbedded(db) ? NO_TIER : tiers;
}

/** A term's share of a corpus: the product of its words' shares (each required). */
function shareOf(counts: number[], rows: number): number {
  if (rows <= 0) return 0;
  return counts.reduce((product, count) => product * Math.min(1, count / rows), 1);
}

/** A window's rows for matches making `share` of the corpus, or null when reading all of them costs less. */
function sizedWindow(rows: number, share: number, datesShare: number): number | null {
  const matches = share * datesShare * rows;
  if (matches < WINDOW_MARGIN * 2 * CANDIDATE_CAP) return null;
  const windowRows = Math.ceil((WINDOW_MARGIN * CANDIDATE_CAP) / share);
  if (windowRows >= rows * datesShare) return null;
  if (windowRows > MATCH_COST_IN_DATES * (matches - WINDOW_MARGIN * CANDIDATE_CAP)) return null;
  return windowRows;
}

/** The product codes of a job's subscriptions (product_mappings). */
export async function productCodesOfJob(db: Db, job: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select distinct product_code as code from product_mappings where job = ${job}`,
  );
  return rows.map((row) => row.code);
}

/**
 * How long a planner's estimate is kept: it changes with the table's statistics (ANALYZE, after many writes), not
 * from one search to the next, and it only sizes windows (a window that comes short is read again whole). A
 * faceted search's read waited for its EXPLAIN, a round trip before its window's bound.
 */
const ESTIMATE_SECONDS = 60;
/** Selections kept per database: far more than the facet values and combinations readers tick in a minute. */
const ESTIMATES_KEPT = 500;
const estimatesOf = remember('search-estimates', () => new WeakMap<Db, LRUCache<string, Promise<number>>>());
const dialect = new PgDialect();

function estimatesFor(db: Db): LRUCache<string, Promise<number>> {
  const kept = estimatesOf.get(db);
  if (kept) return kept;
  const estimates = new LRUCache<string, Promise<number>>({
    max: ESTIMATES_KEPT,
    ttl: ESTIMATE_SECONDS * 1000,
  });
  estimatesOf.set(db, estimates);
  return estimates;
}

/**
 * The planner's estimate of the rows of `table` that pass `where` (EXPLAIN only: nothing is read), kept
 * ESTIMATE_SECONDS per database and statement.
 */
function estimatedRows(db: Db, table: SQL, where: SQL): Promise<number> {
  const statement = sql`explain (format json) select 1 from ${table} where ${where}`;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const key = JSON.stringify([text, params]);
  const estimates = estimatesFor(db);
  const kept = estimates.get(key);
  if (kept) return kept;
  const estimate = queryRows<{ 'QUERY PLAN': unknown }>(db, statement).then(([row]) => {
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
      { Plan?: { 'Plan Rows'?: number } },
    ];
    return parsed[0]?.Plan?.['Plan Rows'] ?? 0;
  });
  estimates.set(key, estimate);
  // A failed EXPLAIN (an outage, the time budget) is asked again by the next search.
  estimate.catch(() => {
    if (estimates.peek(key) === estimate) estimates.delete(key);
  });
  return estimate;
}
