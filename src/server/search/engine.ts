import 'server-only';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import { MAX_PAGE, NEWS_PAGE_SIZE, SUGGEST_MIN_CHARS } from '@/lib/constants';
import { SITE_TIME_ZONE } from '@/lib/dates';
import { MONTHS, monthValue } from '@/lib/months';
import type { SelectedFacets } from '@/lib/params';
import { shopLinks } from '@/lib/shop-links';
import { articlePath } from '@/lib/urls';
import { sharedRead } from '../cache/shared-reads';
import { visiblePlainText } from '../content/paywall';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { articleSections, articles, SEARCH_CONFIG, subscriberDocuments } from '../db/schema';
import { env } from '../env';
import { documentTypeLabel } from './document-types';
import { MATCH_END, MATCH_START, snippetHtml } from './highlight';
import { countSearch } from './query-counts';
import { type FacetFilters, facetFilters } from './selected-facets';
import {
  ENRICHED_NEWS_DOCUMENT_TYPE,
  type FacetEntry,
  NEWS_DOCUMENT_TYPE,
  type SearchAnswer,
  type SearchFacets,
  type SearchResult,
  UR_TYPES,
  type UrType,
} from './types';

/**
 * Most matches ranked (and counted in facets) per corpus. Ranking and counting every match of a very common
 * word over a million documents cannot fit the latency budget, so past this many matches a corpus contributes
 * its newest CANDIDATE_CAP matches and the answer says `bounded`. The candidates are asked for newest first with
 * the ORDER BY of the date indexes, so PostgreSQL's planner picks, from its statistics on the term, between
 * reading every match from the full-text index (rare term) and walking the date index until CANDIDATE_CAP
 * matches are found (very common term: about CANDIDATE_CAP / share rows read instead of share x N).
 */
export const CANDIDATE_CAP = 1000;

export type SearchParams = {
  term: string;
  page: number;
  urType: UrType;
  selected: SelectedFacets;
};

/**
 * A search: one page of results ranked by relevance then date (newest first for an empty term), with facets.
 * The answer holds no gated text and nothing personal, so the server shares it between visitors for a few
 * seconds (`sharedRead`, decision 006); every search is still counted for the frequent-search suggestions.
 */
export async function search(db: Db, params: SearchParams): Promise<SearchAnswer> {
  const term = params.term.trim();
  const page = Math.min(Math.max(1, params.page), MAX_PAGE);
  const key = JSON.stringify([term, page, params.urType, params.selected]);
  const answer = await sharedRead('search', key, () => answerSearch(db, term, page, params));
  if (term && page === 1 && answer.total > 0) await countSearch(db, term);
  return answer;
}

async function answerSearch(db: Db, term: string, page: number, params: SearchParams): Promise<SearchAnswer> {
  const filters = facetFilters(params.selected);
  const typed: FullTextQuery = {
    tsquery: sql`websearch_to_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${term})`,
    lexemes: sql`array(select lexeme from unnest(to_tsvector(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${term})))`,
  };
  let answer = await runSearch(db, term, typed, page, params.urType, filters);
  // A misspelled word matches no lexeme: correct it from the lexeme dictionary and search again.
  if (answer.total === 0 && term.length >= SUGGEST_MIN_CHARS) {
    const corrected = await correctedQuery(db, term, typed);
    if (corrected) answer = await runSearch(db, term, corrected, page, params.urType, filters);
  }
  return answer;
}

type Row = {
  total_news: number;
  total_docs: number;
  results: RawResult[] | null;
  dates: { key: string; count: number }[] | null;
  types: { key: string; count: number }[] | null;
  matieres: { key: string; count: number }[] | null;
  abonnements: { key: string; label: string | null; count: number }[] | null;
  metiers: { key: string; label: string | null; count: number }[] | null;
  themes: { key: string; count: number }[] | null;
};

type RawResult = {
  corpus: 'news' | 'docs';
  id: string;
  enriched_news_id: string | null;
  titre: string;
  micro: string;
  day: string;
  type_code: string;
  type_ur: string;
  ur_id: string;
  abonnement: string[];
  matiere: string[];
  themes: string[];
  titre_ouvrage: string;
  slug: string | null;
  article_type: string | null;
};

/** A full-text query and its lexemes (a text[] expression), which size the candidate windows. */
type FullTextQuery = { tsquery: SQL; lexemes: SQL };

/**
 * One search with a given full-text query (`fullText`: the typed text's, or its correction). An empty `term` is no
 * match condition at all: everything, newest first.
 */
async function runSearch(
  db: Db,
  term: string,
  fullText: FullTextQuery,
  page: number,
  urType: UrType,
  filters: FacetFilters,
): Promise<SearchAnswer> {
  const query = fullText.tsquery;
  const withNews = urType !== UR_TYPES.subscriber;
  const withDocs = urType !== UR_TYPES.news;
  const offset = (page - 1) * NEWS_PAGE_SIZE;

  const newsType = (row: SQL) =>
    sql`case when ${row}.enriched_news_id is null then ${NEWS_DOCUMENT_TYPE} else ${ENRICHED_NEWS_DOCUMENT_TYPE} end`;
  // The selected facets, apart from the text, in two parts: the date range (the window's bound is read within it,
  // from the date index) and the others (their estimated share sizes the window).
  const newsDates = dateFilter(
    sql`a.publication_date`,
    (day) => sql`(${day}::timestamp at time zone ${SITE_TIME_ZONE})`,
    filters,
  );
  const newsOthers = andOrNull([
    filters.types.length ? sql`${newsType(sql`a`)} = any(${textArray(filters.types)})` : undefined,
    filters.matieres.length ? sql`a.topic_labels && ${textArray(filters.matieres)}` : undefined,
    filters.themes.length ? sql`a.thematic_labels && ${textArray(filters.themes)}` : undefined,
    // News carry no subscription: choosing one leaves only subscriber documents.
    filters.abonnements.length ? sql`false` : undefined,
  ]);
  // The job facet is a subscription facet: the job's product codes (product_mappings; the empty job is "all"),
  // read first so that the planner estimates the filter from the column's statistics.
  const jobCodes = filters.metier ? await productCodesOfJob(db, filters.metier) : null;
  const docsDates = dateFilter(sql`d.date_resultat`, (day) => sql`${day}::date`, filters);
  const docsOthers = andOrNull([
    filters.types.length ? sql`d.type_document = any(${textArray(filters.types)})` : undefined,
    filters.matieres.length ? sql`d.matiere && ${textArray(filters.matieres)}` : undefined,
    // The daily's themes facet only describes news.
    filters.themes.length ? sql`false` : undefined,
    filters.abonnements.length ? sql`d.abonnement && ${textArray(filters.abonnements)}` : undefined,
    jobCodes ? sql`d.abonnement && ${textArray(jobCodes)}` : undefined,
  ]);
  // What a walk of the date index keeps visible to it: the corpus switch and the date range.
  const newsVisible = and([withNews ? undefined : sql`false`, newsDates]);
  const docsVisible = and([withDocs ? undefined : sql`false`, docsDates]);
  const rank = term ? sql`ts_rank(c.search_vector, q.query)` : sql`0::real`;
  const cap = CANDIDATE_CAP + 1;
  const bounds = term
    ? await windowBounds(db, term, fullText.lexemes, {
        news: withNews ? { dates: newsDates ?? null, others: newsOthers } : null,
        docs: withDocs ? { dates: docsDates ?? null, others: docsOthers } : null,
      })
    : NO_WINDOW;
  const newsCandidates = candidates({
    columns: sql`a.id, a.enriched_news_id, a.title, a.summary, a.slug, a.type, a.topic_labels, a.thematic_labels,
      a.search_vector, a.publication_date as sort_date`,
    from: sql`articles a`,
    visible: newsVisible,
    others: newsOthers,
    vector: term ? sql`a.search_vector` : null,
    query,
    date: sql`a.publication_date`,
    window: bounds.news && { ...bounds.news, bound: sql`${bounds.news.bound}::timestamptz` },
    cap,
  });
  const docsCandidates = candidates({
    columns: sql`d.id, d.enriched_news_id, d.titre_affichage, d.micro_contenu, d.date_resultat, d.type_document,
      d.type_ur, d.ur_id, d.abonnement, d.matiere, d.theme_zapette, d.titre_ouvrage, d.search_vector,
      d.date_resultat::timestamptz as sort_date`,
    from: sql`subscriber_documents d`,
    visible: docsVisible,
    others: docsOthers,
    vector: term ? sql`d.search_vector` : null,
    query,
    date: sql`d.date_resultat`,
    window: bounds.docs && { ...bounds.docs, bound: sql`${bounds.docs.bound}::date` },
    cap,
  });

  // Candidates: each corpus's matches, newest first, at most `cap` (a date-ordered walk stops early on a very
  // common word). Ranks are computed on the candidates only.
  const statement = sql`
    with q as (select ${query} as query),
    news_probe as (
      select 'news'::text as corpus, c.id, c.enriched_news_id, c.title as titre, c.summary as micro,
        to_char(c.sort_date at time zone ${SITE_TIME_ZONE}, 'YYYY-MM-DD') as day, ${newsType(sql`c`)} as type_code,
        ${UR_TYPES.news}::text as type_ur, c.id as ur_id,
        '{}'::text[] as abonnement,
        c.topic_labels as matiere, c.thematic_labels as themes,
        ''::text as titre_ouvrage, c.slug, c.type as article_type, c.sort_date, ${rank} as rank
      from (${newsCandidates}) c, q
    ),
    news as (select * from news_probe order by sort_date desc limit ${CANDIDATE_CAP}),
    docs_probe as (
      select 'docs'::text as corpus, c.id, c.enriched_news_id, c.titre_affichage as titre, c.micro_contenu as micro,
        to_char(c.date_resultat, 'YYYY-MM-DD') as day, c.type_document as type_code, c.type_ur, c.ur_id,
        c.abonnement, c.matiere, c.theme_zapette as themes, c.titre_ouvrage, null::text as slug,
        null::text as article_type, c.sort_date, ${rank} as rank
      from (${docsCandidates}) c, q
    ),
    docs as (select * from docs_probe order by sort_date desc limit ${CANDIDATE_CAP}),
    matched as materialized (select * from news union all select * from docs),
    page as (
      select m.*, row_number() over () as position from (
        select * from matched order by rank desc, sort_date desc, id limit ${NEWS_PAGE_SIZE} offset ${offset}
      ) m
    )
    select
      (select count(*)::int from news_probe) as total_news,
      (select count(*)::int from docs_probe) as total_docs,
      (select json_agg(p order by p.position) from page p) as results,
      (select json_agg(f) from (select to_char(day::date, 'YYYY/MM') as key, count(*)::int as count from matched group by 1) f) as dates,
      (select json_agg(f) from (select type_code as key, count(*)::int as count from matched group by 1) f) as types,
      (select json_agg(f) from (select v as key, count(*)::int as count from matched, unnest(matiere) v group by 1) f) as matieres,
      (select json_agg(f) from (
        select v as key, (select min(pm.product_label) from product_mappings pm where pm.product_code = v) as label, count(*)::int as count
        from matched, unnest(abonnement) v group by 1) f) as abonnements,
      (select json_agg(f) from (
        select pm.job as key, min(j.label) as label, count(distinct m.id)::int as count
        from matched m join product_mappings pm on pm.product_code = any(m.abonnement)
        left join jobs j on j.id = pm.job
        where m.corpus = 'docs' and pm.job <> '' group by pm.job) f) as metiers,
      (select json_agg(f) from (select v as key, count(*)::int as count from matched, unnest(themes) v where corpus = 'news' group by 1) f) as themes
  `;
  // Left to itself, the planner walks the date index newest first for rows stored in date order, testing every
  // row until the cap: for a term of a few thousand matches (no window) that is hundreds of thousands of rows,
  // and for a window every row of it, ten times its matches. A term whose matches the dictionary estimated (see
  // windowBounds) is read through bitmaps, as is a phrase ("…"), which PostgreSQL estimates as common as its
  // words together while it is far rarer. Only `or` and `-mot` (no estimate) are left to the planner.
  const bitmapOnly = term !== '' && (bounds.estimated || term.includes('"'));
  const [row] = await db.transaction(async (tx) => {
    // The branches that read older rows are costed high though they rarely run, which made PostgreSQL compile the
    // statement (JIT: 50 ms, more than the whole search; a no-op on PGlite). Both settings in one round trip.
    await tx.execute(
      sql`select set_config('jit', 'off', true), set_config('enable_indexscan', ${bitmapOnly ? 'off' : 'on'}, true)`,
    );
    return queryRows<Row>(tx, statement);
  });
  if (!row) throw new Error('search: no row');
  const bounded = row.total_news > CANDIDATE_CAP || row.total_docs > CANDIDATE_CAP;
  const raw = row.results ?? [];
  const headlines = await snippets(db, query, raw);
  return {
    results: raw.map((result, index) => toResult(result, headlines[index] ?? '')),
    facets: buildFacets(row),
    total: Math.min(row.total_news, CANDIDATE_CAP) + Math.min(row.total_docs, CANDIDATE_CAP),
    bounded,
    page,
  };
}

/**
 * The chosen years and months as ranges of the date column (`bound` turns a YYYY-MM-DD day into the column's
 * type), so the date index serves them instead of a test on every row.
 */
function dateFilter(column: SQL, bound: (day: string) => SQL, filters: FacetFilters): SQL | undefined {
  const ranges = [
    ...filters.years.map((year) => [`${year}-01-01`, `${Number(year) + 1}-01-01`] as const),
    ...filters.months.map((value) => {
      const [year = '', month = ''] = value.split('/');
      const next =
        Number(month) === 12 ? `${Number(year) + 1}-01-01` : `${year}-${monthValue(Number(month) + 1)}-01`;
      return [`${year}-${month}-01`, next] as const;
    }),
  ];
  if (ranges.length === 0) return undefined;
  return sql`(${sql.join(
    ranges.map(([from, to]) => sql`(${column} >= ${bound(from)} and ${column} < ${bound(to)})`),
    sql` or `,
  )})`;
}

/**
 * A corpus's candidates: its matches newest first, at most `cap`.
 *
 * Without a window the ORDER BY repeats the date index's `DESC NULLS LAST`, so the planner chooses, from its
 * statistics, between reading every match from the full-text index (rare term) and walking the date index until
 * `cap` matches are found.
 *
 * With a window (the date from which the corpus's newest rows hold, by the lexeme dictionary's count, a few times
 * `cap` matches: see windowBounds), the window's matches are read without order, then sorted; older matches are
 * read only if the window held fewer than `cap` (the LIMIT is then 0, and PostgreSQL does not run that branch).
 * The window is read either as a bitmap AND of the full-text and date indexes, or, when testing each row of the
 * window costs less than building the bitmaps of a very common word and of the facets (`walk`), from the date
 * index alone, each row tested.
 */
function candidates(input: {
  columns: SQL;
  from: SQL;
  /** The corpus switch and the date range. */
  visible: SQL;
  /** The other selected facets. */
  others: SQL | null;
  vector: SQL | null;
  query: SQL;
  date: SQL;
  window: { bound: SQL; walk: boolean } | null;
  cap: number;
}): SQL {
  const { columns, from, visible, others, vector, query, date, window, cap } = input;
  const tests = and([others ?? undefined, vector ? sql`${vector} @@ ${query}` : undefined]);
  const matches = sql`${visible} and ${tests}`;
  const order = sql`${date} desc nulls last`;
  if (window === null)
    return sql`select ${columns} from ${from} where ${matches} order by ${order} limit ${cap}`;
  // IS TRUE hides the facets and the text from their indexes, so the walk reads the window (within the date
  // range) from the date index alone.
  const windowMatches = window.walk ? sql`${visible} and (${tests}) is true` : matches;
  return sql`
    with recent as materialized (
      select * from (select ${columns} from ${from} where ${windowMatches} and ${date} >= ${window.bound}) r
      order by r.sort_date desc limit ${cap}
    )
    select * from recent
    union all
    (select ${columns} from ${from} where ${matches} and ${date} < ${window.bound} order by ${order}
      limit (select ${cap} - count(*) from recent))`;
}

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

type Window = { bound: string; walk: boolean };
/** Each corpus's window, and whether the term's matches could be estimated at all (no `or`, `-mot`, phrase). */
type WindowBounds = { news: Window | null; docs: Window | null; estimated: boolean };
const NO_WINDOW: WindowBounds = { news: null, docs: null, estimated: false };

/** A corpus a search covers, with its selected date range and other facets (null: none). */
type CorpusScope = { dates: SQL | null; others: SQL | null } | null;

/**
 * For each corpus, the date from which its newest rows (within the selected date range) should hold
 * WINDOW_MARGIN x CANDIDATE_CAP matches, or null when no window helps. The share of the corpus that matches is
 * estimated as the term's share (from the lexeme dictionary: the product of its words' shares, each word of the
 * query being required) times the other facets' share (from the planner's statistics: EXPLAIN of those facets
 * alone); a window is used only for matches estimated at several times the cap. Alternatives (`or`) and exclusions
 * (`-mot`) make the estimate meaningless, and a phrase is far rarer than its words: those read without a window.
 */
async function windowBounds(
  db: Db,
  term: string,
  lexemes: SQL,
  scopes: { news: CorpusScope; docs: CorpusScope },
): Promise<WindowBounds> {
  if (/"|(^|\s)-\S|(^|\s)or(\s|$)/i.test(term)) return NO_WINDOW;
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
  const none: WindowBounds = { news: null, docs: null, estimated: true };
  // The window's size in rows of the date range, and whether testing each of them beats the bitmaps.
  const plan = async (scope: CorpusScope, table: SQL, rows: number, counts: number[]) => {
    if (scope === null || rows <= 0) return null;
    const termShare = counts.reduce((product, count) => product * Math.min(1, count / rows), 1);
    const share = async (where: SQL | null) =>
      where ? Math.min(1, (await estimatedRows(db, table, where)) / rows) : 1;
    const othersShare = await share(scope.others);
    const datesShare = await share(scope.dates);
    const matches = termShare * othersShare * datesShare * rows;
    if (matches < WINDOW_MARGIN * 2 * CANDIDATE_CAP) return null;
    const windowRows = Math.ceil((WINDOW_MARGIN * CANDIDATE_CAP) / (termShare * othersShare));
    if (windowRows >= rows * datesShare) return null;
    if (windowRows > MATCH_COST_IN_DATES * (matches - WINDOW_MARGIN * CANDIDATE_CAP)) return null;
    // A bitmap AND reads every posting of the least common word, and of the other facets' indexes (about their
    // share of the rows).
    const postings = Math.min(...counts) + (scope.others ? othersShare * rows : 0);
    return { rows: windowRows, walk: windowRows * WALK_ROW_COST < postings, dates: scope.dates };
  };
  const news = await plan(
    scopes.news,
    sql`articles a`,
    stats.news_rows,
    stats.lexemes.map((l) => l.articles),
  );
  const docs = await plan(
    scopes.docs,
    sql`subscriber_documents d`,
    stats.docs_rows,
    stats.lexemes.map((l) => l.documents),
  );
  if (news === null && docs === null) return none;
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
  };
}

/** The product codes of a job's subscriptions (product_mappings). */
async function productCodesOfJob(db: Db, job: string): Promise<string[]> {
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

function andOrNull(conditions: (SQL | undefined)[]): SQL | null {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? sql.join(present, sql` and `) : null;
}

function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

function and(conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

function toResult(raw: RawResult, headline: string): SearchResult {
  const isNews = raw.corpus === 'news';
  return {
    id: raw.id,
    enriched_news_id: raw.enriched_news_id,
    titre_affichage: raw.titre,
    micro_contenu: raw.micro,
    texte: snippetHtml(headline),
    matiere: raw.matiere,
    theme_zapette: raw.themes,
    date_resultat: raw.day,
    type_document: documentTypeLabel(raw.type_code),
    type_document_code: raw.type_code,
    type_ur: raw.type_ur,
    ur_id: raw.ur_id,
    abonnement: raw.abonnement,
    titre_ouvrage: raw.titre_ouvrage,
    url: isNews
      ? articlePath({
          id: raw.id,
          type: raw.article_type ?? '',
          slug: raw.slug ?? '',
          enrichedNewsId: raw.enriched_news_id,
        })
      : shopLinks(env().SHOP_BASE_URL).subscriberDocument(raw.ur_id),
    subscriber_only: !isNews,
  };
}

function buildFacets(row: Row): SearchFacets {
  return {
    date_zapette: dateFacet(row.dates ?? []),
    type_document: byCount(
      (row.types ?? []).map(({ key, count }) => ({ id: key, label: documentTypeLabel(key), count })),
    ),
    matiere: byCount((row.matieres ?? []).map(({ key, count }) => ({ id: key, label: key, count }))),
    abonnement: byCount(
      (row.abonnements ?? []).map(({ key, label, count }) => ({ id: key, label: label ?? key, count })),
    ),
    metier: byCount(
      (row.metiers ?? []).map(({ key, label, count }) => ({ id: key, label: label ?? key, count })),
    ),
    theme_quot_zapette: byCount((row.themes ?? []).map(({ key, count }) => ({ id: key, label: key, count }))),
  };
}

/** Most frequent first, then alphabetically (French collation). */
function byCount(entries: FacetEntry[]): FacetEntry[] {
  return entries.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'fr'));
}

/** Years newest first, each with its months (ids 'YYYY/MM', labelled with the French month name) in month order. */
export function dateFacet(counts: readonly { key: string; count: number }[]): FacetEntry[] {
  const years = new Map<string, FacetEntry & { children: FacetEntry[] }>();
  for (const { key, count } of counts) {
    const [year = '', month = ''] = key.split('/');
    let entry = years.get(year);
    if (!entry) {
      entry = { id: year, label: year, count: 0, children: [] };
      years.set(year, entry);
    }
    entry.count += count;
    const name = MONTHS[Number(month) - 1]?.name ?? month;
    entry.children.push({ id: key, label: name, count });
  }
  return [...years.values()]
    .sort((a, b) => b.id.localeCompare(a.id))
    .map((entry) => ({ ...entry, children: entry.children.sort((a, b) => a.id.localeCompare(b.id)) }));
}

/**
 * The snippets of a page of results, matched words marked. Never cut from gated text (spec section 4 "Paywall"):
 * a news snippet comes from what the paywall module lets a visitor without access read (`visiblePlainText`:
 * summary, first section of an enriched news, first 20 percent of a paywalled body), never from the stored
 * `body_text`; a subscriber document's from its micro-content and indexed text.
 */
async function snippets(db: Db, query: SQL, page: readonly RawResult[]): Promise<string[]> {
  if (page.length === 0) return [];
  const newsIds = page.filter((result) => result.corpus === 'news').map((result) => result.id);
  const docIds = page.filter((result) => result.corpus === 'docs').map((result) => result.id);
  const [newsRows, sectionRows, docRows] = await Promise.all([
    newsIds.length
      ? db
          .select({
            id: articles.id,
            summary: articles.summary,
            view: articles.bodyHtml,
            paywalled: articles.paywalled,
          })
          .from(articles)
          .where(inArray(articles.id, newsIds))
      : [],
    newsIds.length
      ? db
          .select({
            articleId: articleSections.articleId,
            title: articleSections.title,
            view: articleSections.bodyHtml,
          })
          .from(articleSections)
          .where(inArray(articleSections.articleId, newsIds))
          .orderBy(asc(articleSections.articleId), asc(articleSections.position))
      : [],
    docIds.length
      ? db
          .select({
            id: subscriberDocuments.id,
            micro: subscriberDocuments.microContenu,
            texte: subscriberDocuments.texte,
          })
          .from(subscriberDocuments)
          .where(inArray(subscriberDocuments.id, docIds))
      : [],
  ]);
  const sources = new Map<string, string>();
  for (const row of newsRows) {
    const sections = sectionRows.filter((section) => section.articleId === row.id);
    sources.set(`news:${row.id}`, visiblePlainText({ ...row, sections }, false));
  }
  for (const row of docRows) sources.set(`docs:${row.id}`, `${row.micro}\n${row.texte}`);
  const texts = page.map((result) => sources.get(`${result.corpus}:${result.id}`) ?? '');
  const rows = await queryRows<{ headline: string }>(
    db,
    sql`select ts_headline(${sql.raw(`'${SEARCH_CONFIG}'`)}, t.source, ${query}, ${HEADLINE_OPTIONS}) as headline
      from unnest(${sql.param(texts)}::text[]) with ordinality as t(source, position) order by t.position`,
  );
  return rows.map((row) => row.headline);
}

/** ts_headline options: up to two fragments, matched words between the private-use markers. */
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=45, MinWords=20, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The typed query with each word the corpus does not know replaced by the most similar lexeme of the dictionary
 * (search_lexemes: trigram similarity, then the most frequent), or null when no word needed or found a
 * correction. Lexemes are compared after stemming, so `licenciment` -> `licenci` is matched with the corpus's
 * `licenci` whatever the ending typed. The replacement is done inside the parsed query (ts_rewrite), so phrases,
 * alternatives and exclusions keep their meaning.
 */
async function correctedQuery(db: Db, term: string, typed: FullTextQuery): Promise<FullTextQuery | null> {
  const fixes = await queryRows<{ wrong: string; fix: string }>(
    db,
    sql`with words as (select distinct w.lexeme from unnest(to_tsvector(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${term})) w)
      select w.lexeme as wrong, f.lexeme as fix
      from words w
      cross join lateral (
        select l.lexeme from search_lexemes l where l.lexeme % w.lexeme
        order by similarity(l.lexeme, w.lexeme) desc, l.articles + l.documents desc, l.lexeme limit 1
      ) f
      where not exists (select 1 from search_lexemes k where k.lexeme = w.lexeme)`,
  );
  if (fixes.length === 0) return null;
  const tsquery = fixes.reduce(
    (query, { wrong, fix }) =>
      sql`ts_rewrite(${query}, ${tsqueryLexeme(wrong)}::tsquery, ${tsqueryLexeme(fix)}::tsquery)`,
    typed.tsquery,
  );
  const corrections = sql`${JSON.stringify(Object.fromEntries(fixes.map(({ wrong, fix }) => [wrong, fix])))}::jsonb`;
  return {
    tsquery,
    lexemes: sql`array(select coalesce(${corrections} ->> w, w) from unnest(${typed.lexemes}) w)`,
  };
}

/** A tsquery holding one lexeme as is (quoted: no parsing, no stemming). */
function tsqueryLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
