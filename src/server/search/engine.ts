import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { MAX_PAGE, NEWS_PAGE_SIZE, SUGGEST_MIN_CHARS } from '@/lib/constants';
import { SEARCH_SORTS } from '@/lib/contracts/search';
import type { SelectedFacets } from '@/lib/params';
import { shopLinks } from '@/lib/shop-links';
import { articlePath } from '@/lib/urls';
import { sharedRead } from '../cache/shared-reads';
import { type Db, isEmbedded, withConnectionSettings } from '../db/client';
import { isStatementTimeout, noteDatabaseFailure } from '../db/reachability';
import { queryRows } from '../db/rows';
import { env } from '../env';
import { AppError } from '../http/errors';
import { citingSearchResults } from '../legal-references/search-hits';
import { remember } from '../lib/remember';
import { inSpan } from '../observability/tracing';
import { SEARCH_BUSY_MESSAGE, SEARCH_BUSY_RETRY_AFTER_SECONDS } from './admission';
import { mergedRow, type RawResult, type Row, readsByCorpus } from './corpus-rows';
import { correctedQuery } from './correction';
import {
  CANDIDATE_CAP,
  cameShort,
  dayCountsFrom,
  type LexemeCounts,
  lexemeCounts,
  NO_WINDOW,
  productCodesOfJob,
  readsWindowAlone,
  type WindowBounds,
  windowBounds,
} from './cost-planning';
import { documentTypeLabel } from './document-types';
import {
  buildFacets,
  FACETS,
  type Facet,
  type FacetCounts,
  facetCounts,
  isSelected,
  MULTI_CHOICE_FACETS,
} from './facet-assembly';
import { snippetHtml } from './highlight';
import { searchedTerm } from './params';
import {
  type CorpusFilters,
  corpusFilters,
  type FullTextQuery,
  type StatementInput,
  searchStatement,
  sourcesStatement,
  typedQuery,
} from './query-building';
import { countSearch } from './query-counts';
import { facetFilters } from './selected-facets';
import { type SnippetSource, snippets } from './snippets';
import {
  ANONYMOUS_READER,
  type SearchAnswer,
  type SearchParams,
  type SearchReader,
  type SearchResult,
  UR_TYPES,
} from './types';

export { CANDIDATE_CAP };

/**
 * Time budget of one search statement on PostgreSQL (`statement_timeout`): past it the search fails (the API
 * answers 503) instead of holding a connection and a core. PGlite has no timer in its single thread: there the
 * work is bounded by its inputs (text length, at most MAX_CORRECTED_WORDS corrected, CANDIDATE_CAP candidates).
 */
export const SEARCH_STATEMENT_TIMEOUT_MS = 3000;

/**
 * A search: one page of results ranked by relevance then date (or newest first: `sort`), with facets. A reader
 * without access matches only what the paywall lets them read. The answer holds no gated text beyond the
 * reader's access and nothing personal, so the server shares it for a few seconds (`sharedRead`, decision 006)
 * between the requests of one access class with the same normalised search; every search is still counted for
 * the frequent-search suggestions, with the reader's address (`reader.client`).
 */
export async function search(
  db: Db,
  params: SearchParams,
  reader: SearchReader = ANONYMOUS_READER,
): Promise<SearchAnswer> {
  const term = searchedTerm(params.term);
  const page = Math.min(Math.max(1, params.page), MAX_PAGE);
  const attributes = {
    'search.words': term.split(/\s+/).filter(Boolean).length,
    'search.facets': Object.keys(params.selected).length,
    'search.page': page,
  };
  return inSpan('search', attributes, async (span) => {
    let computed = false;
    const answer = await sharedRead('search', searchKey({ ...params, term, page }, reader.hasAccess), () => {
      computed = true;
      return answerSearch(db, { ...params, term, page }, reader.hasAccess);
    });
    span?.setAttributes({ 'search.shared': !computed, 'search.total': answer.total });
    if (term && page === 1 && answer.total > 0) await countSearch(db, term, reader.client);
    return answer;
  });
}

/**
 * What makes two searches the same answer: the text without case, accents or extra spaces (the index ignores
 * them), the facets in any order, the rest as is, and the reader's access.
 */
export function searchKey(params: SearchParams, hasAccess: boolean): string {
  const text = params.term.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr');
  const facets = Object.keys(params.selected)
    .sort()
    .map((facet) => [facet, [...(params.selected[facet] ?? [])].sort()]);
  return JSON.stringify([text, params.page, params.urType, facets, params.sort, hasAccess]);
}

/** The searches this process is computing (a shared answer once): a search alone reads by corpus (`readsByCorpus`). */
const computing = remember('searches-computing', () => ({ count: 0 }));

async function answerSearch(db: Db, params: SearchParams, hasAccess: boolean): Promise<SearchAnswer> {
  computing.count += 1;
  try {
    const typed: NamedQuery = { ...typedQuery(params.term), key: 'typed' };
    const [searched, citing] = await Promise.all([
      inSpan('search.run', { 'search.query': 'typed' }, () => runSearch(db, params, typed, hasAccess)),
      referenceFirst(db, params, hasAccess),
    ]);
    let answer = searched;
    // A misspelled word matches no lexeme: correct it from the lexeme dictionary and search again.
    if (answer.total === 0 && citing.length === 0 && params.term.length >= SUGGEST_MIN_CHARS) {
      const corrected = await inSpan('search.correction', {}, () => correctedQuery(db, params.term, typed));
      if (corrected) {
        answer = await inSpan('search.run', { 'search.query': 'corrected' }, () =>
          runSearch(db, params, { ...corrected, key: 'corrected' }, hasAccess),
        );
      }
    }
    return withCitingFirst(answer, citing);
  } finally {
    computing.count -= 1;
  }
}

/**
 * A query that is a legal reference ("L1233-3", "article 39 CGI", "23-12.345"): the newest documents citing it,
 * for the first page of an unfiltered search by relevance (src/server/legal-references/search-hits.ts). Any
 * other query costs a detection over its few characters and no statement.
 */
function referenceFirst(db: Db, params: SearchParams, hasAccess: boolean): Promise<SearchResult[]> {
  const unfiltered =
    params.page === 1 &&
    params.urType === UR_TYPES.all &&
    params.sort === SEARCH_SORTS.relevance &&
    Object.values(params.selected).every((values) => !values || values.length === 0);
  return unfiltered ? citingSearchResults(db, params.term, hasAccess, NEWS_PAGE_SIZE) : Promise.resolve([]);
}

/** The citing documents first, then the search's own results without them, one page in all. */
function withCitingFirst(answer: SearchAnswer, citing: SearchResult[]): SearchAnswer {
  if (citing.length === 0) return answer;
  const pinned = new Set(citing.map((result) => `${result.type_ur}:${result.id}`));
  const rest = answer.results.filter((result) => !pinned.has(`${result.type_ur}:${result.id}`));
  return {
    ...answer,
    results: [...citing, ...rest].slice(0, NEWS_PAGE_SIZE),
    total: answer.total + citing.length - (answer.results.length - rest.length),
  };
}

/** A full-text query and what names it in shared answers (the typed text's, or its correction). */
type NamedQuery = FullTextQuery & { key: 'typed' | 'corrected' };

/**
 * One search with a given full-text query: the candidates, page and facets of the selection, and for each selected
 * multi-choice facet its disjunctive counts, which are that facet's counts in the same search without it (shared
 * between requests for a few seconds: a reader ticking a value asks again what the previous page counted). On
 * PostgreSQL the statements run side by side (separate connections), one per read, or per read and corpus for a
 * search running alone; on PGlite, which runs them one after the other anyway, the results and the disjunctive
 * counts not already shared are one statement. The snippets of the page follow the results' read.
 */
async function runSearch(
  db: Db,
  params: SearchParams,
  fullText: NamedQuery,
  hasAccess: boolean,
): Promise<SearchAnswer> {
  const filters = facetFilters(params.selected);
  // The job facet is a subscription facet: the job's product codes (product_mappings), read first so that the
  // planner estimates the filter from the column's statistics.
  const jobCodes = filters.metier ? await productCodesOfJob(db, filters.metier) : null;
  // The term's lexeme counts, read once for the results and the disjunctive reads.
  let counts: Promise<LexemeCounts | undefined> | undefined;
  const dictionary = () => {
    counts ??= lexemeCounts(db, fullText.words);
    return counts;
  };
  const reading: Reading = {
    db,
    params,
    fullText,
    hasAccess,
    jobCodes,
    dictionary,
    byCorpus: readsByCorpus(isEmbedded(db), computing.count),
  };
  const selectedFacets = Object.entries(MULTI_CHOICE_FACETS).filter(([, facet]) =>
    isSelected(filters, facet),
  );
  // The results' statement counts the facets without a selection; each selected one is counted by its own read.
  const ownCounts = FACETS.filter((facet) => !selectedFacets.some(([, selected]) => selected === facet));
  const results: Read = {
    selected: params.selected,
    page: {
      offset: (params.page - 1) * NEWS_PAGE_SIZE,
      size: NEWS_PAGE_SIZE,
      sort: params.sort,
      sources: true,
    },
    counted: ownCounts,
  };
  // The disjunctive reads not shared from an earlier search (sharedRead calls its loader at once on a miss).
  const unshared: { read: Read; done: (row: Row | null) => void; failed: (error: unknown) => void }[] = [];
  const disjunctive = selectedFacets.map(([name, facet]) => {
    const { [name]: _own, ...others } = params.selected;
    const key = searchKey({ ...params, selected: others, page: 1, sort: SEARCH_SORTS.relevance }, hasAccess);
    return sharedRead(
      'search-facet',
      `${fullText.key}\u0000${facet}\u0000${key}`,
      () =>
        new Promise<FacetCounts[Facet]>((resolve, reject) => {
          unshared.push({
            read: { selected: others, page: null, counted: [facet] },
            done: (row) => resolve(facetCounts(row?.facet_counts ?? null)[facet]),
            failed: reject,
          });
        }),
    );
  });
  const together = isEmbedded(db)
    ? [readTogether(reading, [results, ...unshared.map(({ read }) => read)])]
    : [results, ...unshared.map(({ read }) => read)].map((read) =>
        readOnPostgres(reading, read).then((row) => [row]),
      );
  // Each unshared read's counts, once its statement answered (PGlite: the results' one).
  const rows = Promise.all(together).then((answers) => answers.flat());
  rows.then(
    (answered) => {
      unshared.forEach(({ done }, index) => {
        done(answered[index + 1] ?? null);
      });
    },
    (error: unknown) => {
      for (const { failed } of unshared) failed(error);
    },
  );
  // The page's snippets start once the results' read answered (PGlite: with the others), beside the disjunctive
  // reads still running: a core left idle by the last of them is not waited for.
  const resultsRow = (together[0] ?? rows).then((answered) => answered[0] ?? null);
  const pageSnippets = resultsRow.then((row) =>
    inSpan('search.snippets', {}, () =>
      snippets(db, fullText.tsquery, (row?.results ?? []).map(snippetSource), hasAccess),
    ),
  );
  const [row, headlines, ...facetsOfSelected] = await Promise.all([resultsRow, pageSnippets, ...disjunctive]);
  const facetsCounted = facetCounts(row?.facet_counts ?? null);
  selectedFacets.forEach(([, facet], index) => {
    facetsCounted[facet] = facetsOfSelected[index] ?? [];
  });
  const raw = row?.results ?? [];
  const totals = { news: row?.total_news ?? 0, docs: row?.total_docs ?? 0 };
  return {
    results: raw.map((result, index) => toResult(result, headlines[index] ?? '')),
    facets: buildFacets(facetsCounted),
    total: Math.min(totals.news, CANDIDATE_CAP) + Math.min(totals.docs, CANDIDATE_CAP),
    bounded: totals.news > CANDIDATE_CAP || totals.docs > CANDIDATE_CAP,
    page: params.page,
  };
}

/** What every read of one search shares: the search, the job's product codes and the term's lexeme counts. */
type Reading = {
  db: Db;
  params: SearchParams;
  fullText: FullTextQuery;
  hasAccess: boolean;
  jobCodes: string[] | null;
  dictionary: () => Promise<LexemeCounts | undefined>;
  /** PostgreSQL: each corpus its own statement (the search runs alone in this process). */
  byCorpus: boolean;
};

/**
 * One read of a search: its selection, the page wanted (null: the totals and facets only, a disjunctive count,
 * nothing ranked) and the facets it counts.
 */
type Read = {
  selected: SelectedFacets;
  page: StatementInput['page'];
  counted: readonly Facet[];
};

/** A read planned: its corpora's filters and window bounds, and its statement. */
type PlannedRead = {
  bounds: WindowBounds;
  filters: CorpusFilters;
  bitmaps: boolean;
  statement: (options: {
    windowOnly: boolean;
    filters?: CorpusFilters;
    page?: StatementInput['page'];
  }) => SQL;
};

/**
 * A read's candidates planned (cost-planning.ts) and its statement built (query-building.ts); null when the lexeme
 * dictionary says nothing matches: no statement is planned or run for it.
 */
async function planRead(reading: Reading, read: Read): Promise<PlannedRead | null> {
  const { db, params, fullText, hasAccess, jobCodes, dictionary } = reading;
  const { term } = params;
  const filters = corpusFilters(facetFilters(read.selected), jobCodes, {
    news: params.urType !== UR_TYPES.subscriber,
    docs: params.urType !== UR_TYPES.news,
  });
  const bounds = term
    ? await inSpan('search.plan', {}, () =>
        windowBounds(db, term, fullText.words, filters, dayCountsFrom(db), dictionary),
      )
    : NO_WINDOW;
  if (bounds.none) return null;
  return {
    bounds,
    filters,
    bitmaps: term !== '' && (bounds.estimated || term.includes('"')),
    statement: (options) =>
      searchStatement({
        query: fullText.tsquery,
        wordsAsTyped: fullText.wordsAsTyped,
        hasTerm: term !== '',
        hasAccess,
        filters: options.filters ?? filters,
        bounds,
        page: options.page === undefined ? read.page : options.page,
        facets: read.counted,
        readByAddress: !isEmbedded(db),
        windowOnly: options.windowOnly,
      }),
  };
}

/**
 * One read on PostgreSQL with its time budget. A read of both collections by a search running alone is two
 * statements, one per corpus, side by side on two connections (decision 063): each is a core's work of a few
 * milliseconds, and their rows make the one statement's (`mergedRow`). Each corpus's statement pages its first
 * `offset + size` rows, which hold every row of the page: with their sources for a first page, without them for a
 * later one (up to 980 rows a corpus), whose 20 rows' sources are read once the page is known.
 */
async function readOnPostgres(reading: Reading, read: Read): Promise<Row | null> {
  const { db } = reading;
  const planned = await planRead(reading, read);
  if (!planned) return null;
  const { news, docs } = planned.filters;
  if (!reading.byCorpus || news === null || docs === null)
    return windowFirst(db, planned, planned.filters, read.page);
  const page = read.page && {
    ...read.page,
    offset: 0,
    size: read.page.offset + read.page.size,
    sources: read.page.offset === 0,
  };
  const [newsRow, docsRow] = await Promise.all([
    windowFirst(db, planned, { news, docs: null }, page),
    windowFirst(db, planned, { news: null, docs }, page),
  ]);
  const row = mergedRow(newsRow, docsRow, read.page);
  if (page && !page.sources && row.results) {
    const sources = await queryRows<Partial<RawResult>>(db, sourcesStatement(row.results));
    row.results = row.results.map((result, index) => ({ ...result, ...sources[index] }));
  }
  return row;
}

/**
 * A statement of a read on PostgreSQL for the corpora of `filters`: when one of them is windowed, its window alone
 * first (the older matches' branch is planned for every statement though it almost never runs: decision 061's
 * PGlite rule, decision 065), then the whole read again if a window came short (fewer than the cap + 1 matches).
 */
async function windowFirst(
  db: Db,
  planned: PlannedRead,
  filters: CorpusFilters,
  page: StatementInput['page'],
): Promise<Row> {
  const run = (windowOnly: boolean) =>
    runBudgeted(db, planned.statement({ windowOnly, filters, page }), planned.bitmaps);
  // The bounds of the corpora this statement reads.
  const { bounds } = planned;
  const read = {
    news: filters.news === null ? null : bounds.news,
    docs: filters.docs === null ? null : bounds.docs,
    tiers: bounds.tiers,
  };
  if (!readsWindowAlone(read)) return run(false);
  const row = await run(true);
  return cameShort(read, row) ? run(false) : row;
}

/**
 * PGlite: the reads' rows, in their order, run as one statement (its single thread runs them one after the other
 * anyway). A windowed corpus first reads its window only; a read whose window came short (fewer than the cap + 1
 * matches) runs again with the older matches (`cameShort`).
 */
async function readTogether(reading: Reading, reads: readonly Read[]): Promise<(Row | null)[]> {
  const { db } = reading;
  const planned = await Promise.all(reads.map((read) => planRead(reading, read)));
  const rows = await runStatements(
    db,
    planned.map((read) => read && { statement: read.statement({ windowOnly: true }), bitmaps: read.bitmaps }),
  );
  const short = planned.map((read, index) => read !== null && cameShort(read.bounds, rows[index] ?? null));
  if (!short.includes(true)) return rows;
  const again = await runStatements(
    db,
    planned.map((read, index) =>
      read && short[index]
        ? { statement: read.statement({ windowOnly: false }), bitmaps: read.bitmaps }
        : null,
    ),
  );
  return rows.map((row, index) => (short[index] ? (again[index] ?? null) : row));
}

/** Runs the statements (null: none for that read) as one when they share their settings, else one by one. */
async function runStatements(
  db: Db,
  planned: readonly ({ statement: SQL; bitmaps: boolean } | null)[],
): Promise<(Row | null)[]> {
  const statements = planned.filter((read) => read !== null);
  const first = statements[0];
  if (!first) return planned.map(() => null);
  // The reads of one term share their settings (the dictionary's estimate is the term's); otherwise each alone.
  if (statements.some((read) => read.bitmaps !== first.bitmaps))
    return Promise.all(planned.map((read) => (read ? runBudgeted(db, read.statement, read.bitmaps) : null)));
  const answered =
    statements.length === 1
      ? [await runBudgeted(db, first.statement, first.bitmaps)]
      : await runTogether(
          db,
          statements.map((read) => read.statement),
          first.bitmaps,
        );
  let next = 0;
  return planned.map((read) => (read ? (answered[next++] ?? null) : null));
}

/**
 * Several statements of one row each as one: their columns side by side (`total_news_0`, …, `facet_counts_1`),
 * each statement a subquery with its own CTEs, then split again.
 */
async function runTogether(db: Db, statements: readonly SQL[], bitmaps: boolean): Promise<Row[]> {
  const columns = ['total_news', 'total_docs', 'results', 'facet_counts'] as const;
  const together = await runBudgeted<Record<string, unknown>>(
    db,
    sql`select ${sql.join(
      statements.flatMap((_, index) =>
        columns.map((column) => sql.raw(`s${index}.${column} as ${column}_${index}`)),
      ),
      sql`, `,
    )} from ${sql.join(
      statements.map((statement, index) => sql`(${statement}) ${sql.raw(`s${index}`)}`),
      sql`, `,
    )}`,
    bitmaps,
  );
  return statements.map(
    (_, index) =>
      Object.fromEntries(columns.map((column) => [column, together[`${column}_${index}`]])) as Row,
  );
}

/**
 * The settings of every search statement on PostgreSQL, on the connections of the search's own pool
 * (`withConnectionSettings`). The branches that read older rows are costed high though they rarely run, which made
 * PostgreSQL compile the statement (JIT: 50 ms, more than the whole search) and read a corpus's few thousand matches
 * with parallel workers (a Gather started 2 workers for 9 ms of work each and answered after 38 ms at 1.1M; the
 * searches of a page already run side by side). Index scans are off: left to itself, the planner walks the date
 * index newest first for rows stored in date order, testing every row until the cap: for a term of a few thousand
 * matches (no window) that is hundreds of thousands of rows, and for a window every row of it, ten times its
 * matches. A term whose matches the dictionary estimated is read through bitmaps, as is a phrase ("…"), which
 * PostgreSQL estimates as common as its words together while it is far rarer. Only `or` and `-mot` (no estimate)
 * are left to the planner, index scans on (`bitmaps` false).
 */
const SEARCH_SETTINGS = {
  jit: 'off',
  enable_indexscan: 'off',
  max_parallel_workers_per_gather: '0',
  statement_timeout: String(SEARCH_STATEMENT_TIMEOUT_MS),
} as const;

/**
 * Runs the statement with the search's settings: alone on the search pool's connections, which start with them
 * (one round trip), or in a transaction that sets them (PGlite, and a statement that is not read through bitmaps).
 */
async function runBudgeted<R = Row>(db: Db, statement: SQL, bitmaps: boolean): Promise<R> {
  const searchDb = withConnectionSettings(db, SEARCH_SETTINGS);
  const [row] = await (searchDb && bitmaps
    ? queryRows<R>(searchDb, statement)
    : inTransactionWithSettings<R>(searchDb ?? db, statement, bitmaps)
  ).catch((error: unknown) => {
    throw outOfBudget(error) ?? error;
  });
  if (!row) throw new Error('search: no row');
  return row;
}

/** The statement in a transaction that sets the search's settings first, all in one round trip. */
function inTransactionWithSettings<R>(db: Db, statement: SQL, bitmaps: boolean): Promise<R[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('jit', ${SEARCH_SETTINGS.jit}, true),
        set_config('enable_indexscan', ${bitmaps ? 'off' : 'on'}, true),
        set_config('max_parallel_workers_per_gather', ${SEARCH_SETTINGS.max_parallel_workers_per_gather}, true),
        set_config('statement_timeout', ${SEARCH_SETTINGS.statement_timeout}, true)`,
    );
    return queryRows<R>(tx, statement);
  });
}

/**
 * A search past its time budget is the database being too busy, not a bug: the API answers 503 with Retry-After,
 * and so does a page that fails from it (`noteDatabaseFailure` tells the HTTP hook). Undefined for other errors.
 */
function outOfBudget(error: unknown): AppError | undefined {
  if (!isStatementTimeout(error)) return undefined;
  noteDatabaseFailure();
  return new AppError('unavailable', SEARCH_BUSY_MESSAGE, undefined, SEARCH_BUSY_RETRY_AFTER_SECONDS);
}

function snippetSource(raw: RawResult): SnippetSource {
  return raw.corpus === 'news'
    ? {
        corpus: 'news',
        micro: raw.micro,
        view: raw.view ?? '',
        paywalled: raw.paywalled ?? false,
        sections: raw.sections ?? [],
      }
    : { corpus: 'docs', micro: raw.micro, texte: raw.texte ?? '' };
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
