import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_SORTS, type SearchSort } from '@/lib/contracts/search';
import { SITE_TIME_ZONE } from '@/lib/dates';
import { monthValue } from '@/lib/months';
import {
  documentsRecentFrom,
  documentsWiderFrom,
  newsRecentFrom,
  newsWiderFrom,
  SEARCH_CONFIG,
} from '../db/schema';
import { CANDIDATE_CAP, type CorpusScope, type Tier, type WindowBounds } from './cost-planning';
import { type Facet, facetColumns } from './facet-assembly';
import type { FacetFilters } from './selected-facets';
import { ENRICHED_NEWS_DOCUMENT_TYPE, NEWS_DOCUMENT_TYPE } from './types';
import { wordsAsTypedPatterns } from './words-as-typed';

/**
 * Query building: the SQL of one search (docs/SEARCH.md "One search"). Each corpus's candidates (its newest
 * matches, at most CANDIDATE_CAP, read as cost-planning.ts decided), ranked, one page cut from them, and the facets
 * counted over them (facet-assembly.ts), in one statement.
 */

/**
 * A full-text query and its words, which size the candidate windows: a text[] expression holding, for each word
 * of the term (split at spaces and quotes), its lexemes separated by spaces. A hyphenated word is several lexemes
 * that always come together (`assurance-vie`: 'assurance-v', 'assur', 'vi'), so the dictionary estimates a word's
 * share by its rarest lexeme, not by their product.
 */
export type FullTextQuery = {
  tsquery: SQL;
  words: SQL;
  /** The words as typed (words-as-typed.ts): a row holding them all in its title ranks first. */
  wordsAsTyped: readonly string[];
};

export function typedQuery(term: string): FullTextQuery {
  const config = sql.raw(`'${SEARCH_CONFIG}'`);
  return {
    tsquery: sql`websearch_to_tsquery(${config}, ${term})`,
    wordsAsTyped: wordsAsTypedPatterns(term),
    words: sql`array(select w.lexemes from regexp_split_to_table(${term}, '[[:space:]"]+') word
      cross join lateral (select string_agg(l.lexeme, ' ') as lexemes from unnest(to_tsvector(${config}, word)) l) w
      where w.lexemes is not null)`,
  };
}

/** Each corpus's part of the selected facets: the date range apart (the window is read within it). */
export type CorpusFilters = { news: CorpusScope; docs: CorpusScope };

const newsType = (row: SQL) =>
  sql`case when ${row}.enriched_news_id is null then ${NEWS_DOCUMENT_TYPE} else ${ENRICHED_NEWS_DOCUMENT_TYPE} end`;

/**
 * The filters as conditions on each corpus's table (null when the corpus is left out: its collection is not
 * searched, or a selected facet does not describe it). `jobCodes` are the selected job's product codes (the job
 * facet is a subscription facet).
 */
export function corpusFilters(
  filters: FacetFilters,
  jobCodes: string[] | null,
  corpora: { news: boolean; docs: boolean },
): CorpusFilters {
  const newsOthers = andOrNull([
    filters.types.length ? sql`${newsType(sql`a`)} = any(${textArray(filters.types)})` : undefined,
    filters.matieres.length ? sql`a.topic_labels && ${textArray(filters.matieres)}` : undefined,
    filters.themes.length ? sql`a.thematic_labels && ${textArray(filters.themes)}` : undefined,
  ]);
  const docsOthers = andOrNull([
    filters.types.length ? sql`d.type_document = any(${textArray(filters.types)})` : undefined,
    filters.matieres.length ? sql`d.matiere && ${textArray(filters.matieres)}` : undefined,
    filters.abonnements.length ? sql`d.abonnement && ${textArray(filters.abonnements)}` : undefined,
    jobCodes ? sql`d.abonnement && ${textArray(jobCodes)}` : undefined,
  ]);
  // The same conditions over the facet index's lexemes (migration 0014).
  const facetLexemes = [
    anyOf(FACET_LEXEMES.type, filters.types),
    anyOf(FACET_LEXEMES.subject, filters.matieres),
    anyOf(FACET_LEXEMES.theme, filters.themes),
    anyOf(FACET_LEXEMES.subscription, filters.abonnements),
  ];
  const periods = [...filters.years, ...filters.months.map((month) => month.replace('/', ''))];
  // News carry no subscription: choosing one leaves only subscriber documents; the daily's themes facet only
  // describes news. The corpus left out reads nothing (no estimate, no statement on PostgreSQL).
  return {
    news:
      corpora.news && filters.abonnements.length === 0
        ? {
            dates:
              dateFilter(
                sql`a.publication_date`,
                (day) => sql`(${day}::timestamp at time zone ${SITE_TIME_ZONE})`,
                filters,
              ) ?? null,
            days: dateFilter(sql`c.day`, (day) => sql`${day}::date`, filters) ?? null,
            others: newsOthers,
            facetQuery: allOf(facetLexemes),
            periods,
          }
        : null,
    docs:
      corpora.docs && filters.themes.length === 0
        ? {
            dates: dateFilter(sql`d.date_resultat`, (day) => sql`${day}::date`, filters) ?? null,
            days: dateFilter(sql`c.day`, (day) => sql`${day}::date`, filters) ?? null,
            others: docsOthers,
            facetQuery: allOf([
              ...facetLexemes,
              jobCodes ? anyOf(FACET_LEXEMES.subscription, jobCodes, true) : null,
            ]),
            periods,
          }
        : null,
  };
}

/** The prefixes of the facet index's lexemes (migration 0014: search_news_facets, search_document_facets). */
const FACET_LEXEMES = {
  year: '#y',
  month: '#d',
  type: '#t',
  subject: '#m',
  subscription: '#a',
  theme: '#h',
} as const;

/** A lexeme as tsquery text: quoted, its quotes and backslashes doubled (tsquery input syntax). */
function lexeme(prefix: string, value: string): string {
  return `'${`${prefix}${value}`.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * Any of the values as tsquery text, or null when none is selected; `always` for a selection that may be empty
 * (a job without products), which then matches nothing.
 */
function anyOf(prefix: string, values: readonly string[], always = false): string | null {
  if (values.length === 0) return always ? lexeme(prefix, '') : null;
  return `(${values.map((value) => lexeme(prefix, value)).join(' | ')})`;
}

function allOf(parts: readonly (string | null)[]): string | null {
  const present = parts.filter((part): part is string => part !== null);
  return present.length ? present.join(' & ') : null;
}

/**
 * A window's months as tsquery text over the facet index's year and month lexemes, a year whose twelve months are
 * in the window as one lexeme (fewer entries for the GIN scan to merge); none: nothing matches.
 */
export function monthsQuery(months: readonly string[]): string {
  const years = new Map<string, string[]>();
  for (const month of months) years.set(month.slice(0, 4), [...(years.get(month.slice(0, 4)) ?? []), month]);
  const lexemes = [...years].flatMap(([year, ofYear]) =>
    ofYear.length === 12
      ? [lexeme(FACET_LEXEMES.year, year)]
      : ofYear.map((month) => lexeme(FACET_LEXEMES.month, month)),
  );
  return lexemes.length ? `(${lexemes.join(' | ')})` : lexeme(FACET_LEXEMES.month, '');
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

/** What one statement needs: the query, the reader's access, the corpora's filters and windows, the page wanted. */
export type StatementInput = {
  query: SQL;
  /** The words as typed (FullTextQuery.wordsAsTyped). */
  wordsAsTyped: readonly string[];
  /** False for an empty term: everything, newest first. */
  hasTerm: boolean;
  /** Without access, a gated news matches only through what the paywall shows (its public vector). */
  hasAccess: boolean;
  filters: CorpusFilters;
  bounds: WindowBounds;
  /**
   * The page wanted, `size` rows from `offset`, with what the page shows and its snippets are built from (`sources`;
   * else read once the page is known, `sourcesStatement`); null: only the totals and the facets (a disjunctive
   * count: no page, no rank).
   */
  page: { offset: number; size: number; sort: SearchSort; sources: boolean } | null;
  /** The facets counted over the candidates (a selected multi-choice facet is counted without its selection). */
  facets: readonly Facet[];
  /**
   * Candidates sorted as row addresses, then read by address (PostgreSQL: a news row with its vectors is 3 kB, and
   * sorting 1,300 of them took longer than finding them), or sorted as whole rows (PGlite: its rows are already
   * copies in memory, and the second visit cost more than the wider sort, 7 vs 5 ms a corpus at 110k).
   */
  readByAddress: boolean;
  /**
   * A windowed corpus reads its window only, not the older matches that complete a window holding fewer than the
   * cap (engine.ts runs the statement again without this when a window came short): those branches are planned on
   * every search though they almost never run.
   */
  windowOnly?: boolean;
};

/**
 * The statement: candidates of each corpus, their totals, the page and the facets counted over the candidates.
 * The disjunctive counts of the selected multi-choice facets are other statements (engine.ts).
 */
export function searchStatement(input: StatementInput): SQL {
  const order =
    input.page?.sort === SEARCH_SORTS.date
      ? sql`sort_date desc, rank desc, id`
      : sql`rank desc, sort_date desc, id`;
  // What the page shows and the snippets are built from, read here for the page's rows only (three more
  // statements before; the candidates carry only what they are sorted and counted by).
  const pageRows = sql`select pg.corpus, pg.id, pg.enriched_news_id, to_char(pg.day_at, 'YYYY-MM-DD') as day,
      pg.type_code, pg.type_ur, pg.ur_id, pg.abonnement, pg.matiere, pg.themes, pg.slug, pg.article_type,
      pg.position, pg.rank, extract(epoch from pg.sort_date)::float8 as sort_at, ${
        input.page?.sources
          ? sql`src.* from page pg left join lateral (${sourcesOf(sql`pg`)}) src on true`
          : sql`null::text as titre from page pg`
      }`;
  return sql`
    with news_probe as (${newsProbe(input, input.filters.news, input.bounds)}),
    docs_probe as (${docsProbe(input, input.filters.docs, input.bounds)}),
    matched as materialized (
      (select * from news_probe order by sort_date desc limit ${CANDIDATE_CAP})
      union all
      (select * from docs_probe order by sort_date desc limit ${CANDIDATE_CAP})
    )${
      input.page
        ? sql`,
    page as (
      select m.*, row_number() over () as position from (
        select * from matched order by ${order} limit ${input.page.size} offset ${input.page.offset}
      ) m
    )`
        : sql``
    }
    select
      (select count(*)::int from news_probe) as total_news,
      (select count(*)::int from docs_probe) as total_docs,
      ${
        // Counts alone (a disjunctive read) plan no page: its lateral read of the sources cost 1 to 2 ms of
        // planning on PGlite though it read nothing.
        input.page ? sql`(select json_agg(p order by p.position) from (${pageRows}) p)` : sql`null::json`
      } as results,
      ${facetColumns(input.facets)}`;
}

/**
 * What a result shows and its snippet is built from (titre, micro, titre_ouvrage, view, paywalled, sections, texte),
 * for the row `result` (its corpus and id): a news's title, summary, body and sections, a document's text.
 */
function sourcesOf(result: SQL): SQL {
  return sql`select a.title as titre, a.summary as micro, ''::text as titre_ouvrage, a.body_html as view,
        a.paywalled, (select coalesce(json_agg(json_build_array(s.title, s.body_html)
          order by s.position), '[]'::json) from article_sections s where s.article_id = a.id) as sections,
        null::text as texte
      from articles a where ${result}.corpus = 'news' and a.id = ${result}.id
      union all
      select d.titre_affichage, d.micro_contenu, d.titre_ouvrage, null::text, null::boolean, null::json, d.texte
      from subscriber_documents d where ${result}.corpus = 'docs' and d.id = ${result}.id`;
}

/** The sources (`sourcesOf`) of a page's results, in their order. */
export function sourcesStatement(results: readonly { corpus: 'news' | 'docs'; id: string }[]): SQL {
  return sql`select src.* from unnest(${textArray(results.map((result) => result.corpus))},
      ${textArray(results.map((result) => result.id))}) with ordinality as r(corpus, id, position)
    left join lateral (${sourcesOf(sql`r`)}) src on true order by r.position`;
}

/** Each corpus's tiers' first days, as their partial indexes name them (migrations 0016 and 0017). */
type TierDays = Record<Tier, SQL>;
const NEWS_TIER_DAYS: TierDays = { recent: newsRecentFrom, wider: newsWiderFrom };
const DOCUMENTS_TIER_DAYS: TierDays = { recent: documentsRecentFrom, wider: documentsWiderFrom };

/**
 * A tier's rows as the conditions of its partial indexes, so that the planner can prove them: the recent tier's
 * from its first day; the wider tier's as the recent ones or those of its band, which the planner reads as a bitmap
 * OR of the two indexes.
 */
function tierRows(tier: Tier, date: SQL, days: TierDays): SQL {
  const recent = sql`${date} >= ${days.recent}`;
  return tier === 'recent'
    ? recent
    : sql`(${recent} or (${date} >= ${days.wider} and ${date} < ${days.recent}))`;
}

/** Reads each news candidate as a result row with its rank. */
function newsProbe(input: StatementInput, scope: CorpusScope, bounds: WindowBounds): SQL {
  const vector = input.hasAccess
    ? sql`a.search_vector`
    : sql`coalesce(a.public_search_vector, a.search_vector)`;
  // A gated news matches only through what the paywall shows; its public vector holds no other word.
  const gate =
    input.hasAccess || !input.hasTerm
      ? undefined
      : sql`(a.public_search_vector is null or a.public_search_vector @@ ${input.query})`;
  const rows = candidates(input, scope, {
    columns: sql`a.id, a.enriched_news_id, a.slug, a.type, a.topic_labels, a.thematic_labels,
      a.publication_date as sort_date, ${rank(input, vector, sql`a.title`)} as rank`,
    from: sql`articles a`,
    tid: sql`a.ctid`,
    vector: sql`a.search_vector`,
    indexed: sql`(a.search_vector || search_news_facets(a.publication_date, a.enriched_news_id, a.topic_labels, a.thematic_labels))`,
    gate,
    date: sql`a.publication_date`,
    tier: bounds.tiers.news,
    tierDays: NEWS_TIER_DAYS,
    window: bounds.news && { ...bounds.news, bound: sql`${bounds.news.bound}::timestamptz` },
  });
  return sql`select 'news'::text as corpus, c.id, c.enriched_news_id,
      c.sort_date at time zone ${SITE_TIME_ZONE} as day_at, ${newsType(sql`c`)} as type_code,
      'quotidienne'::text as type_ur, c.id as ur_id, '{}'::text[] as abonnement,
      c.topic_labels as matiere, c.thematic_labels as themes,
      c.slug, c.type as article_type, c.sort_date, c.rank
    from (${rows}) c`;
}

/** Reads each subscriber document candidate as a result row with its rank. */
function docsProbe(input: StatementInput, scope: CorpusScope, bounds: WindowBounds): SQL {
  const rows = candidates(input, scope, {
    columns: sql`d.id, d.enriched_news_id, d.date_resultat, d.type_document, d.type_ur, d.ur_id, d.abonnement,
      d.matiere, d.theme_zapette, d.date_resultat::timestamptz as sort_date, ${rank(input, sql`d.search_vector`, sql`d.titre_affichage`)} as rank`,
    from: sql`subscriber_documents d`,
    tid: sql`d.ctid`,
    vector: sql`d.search_vector`,
    indexed: sql`(d.search_vector || search_document_facets(d.date_resultat, d.type_document, d.matiere, d.abonnement))`,
    gate: undefined,
    date: sql`d.date_resultat`,
    tier: bounds.tiers.docs,
    tierDays: DOCUMENTS_TIER_DAYS,
    window: bounds.docs && { ...bounds.docs, bound: sql`${bounds.docs.bound}::date` },
  });
  return sql`select 'docs'::text as corpus, c.id, c.enriched_news_id, c.date_resultat::timestamp as day_at,
      c.type_document as type_code, c.type_ur, c.ur_id, c.abonnement, c.matiere, c.theme_zapette as themes,
      null::text as slug, null::text as article_type, c.sort_date, c.rank
    from (${rows}) c`;
}

/**
 * Relevance, on the candidates only: none for an empty term, nor for counts alone (the candidates are the newest
 * matches; the rank only orders the page). The stemmer gives « paie » and « paiement » one lexeme, so a row whose
 * title holds the words as typed ranks above every row that only matches their stems: ts_rank stays under 1, the
 * words as typed add 1. The title only: matching the summaries too (three times the text) cost a sixth of a
 * common word's search in the 110k bench. The patterns run only on the rows whose title holds the stems (the
 * query's lexemes restricted to the title's weight A, a lookup in the vector ts_rank reads anyway): most
 * candidates of a common word match it in their body alone.
 */
function rank(input: StatementInput, vector: SQL, title: SQL): SQL {
  if (!input.hasTerm || !input.page) return sql`0::real`;
  const relevance = sql`ts_rank(${vector}, ${input.query})`;
  if (input.wordsAsTyped.length === 0) return relevance;
  const inTitle = sql`regexp_replace(${input.query}::text, ${TSQUERY_LEXEME}, ${'\\&:A'}, 'g')::tsquery`;
  const asTyped = sql.join(
    input.wordsAsTyped.map((pattern) => sql`coalesce(${title}, '') ~* ${pattern}`),
    sql` and `,
  );
  return sql`(${relevance} + case when ${vector} @@ ${inTitle} and ${asTyped} then 1 else 0 end)::real`;
}

/** A quoted lexeme in a tsquery's text (a quote inside one is doubled). */
const TSQUERY_LEXEME = "'(?:[^']|'')*'";

/**
 * A corpus's candidates: its matches newest first, at most CANDIDATE_CAP + 1 (one more tells a bounded corpus).
 *
 * Without a window the ORDER BY repeats the date index's `DESC NULLS LAST`, so the planner chooses, from its
 * statistics, between reading every match from the full-text index (rare term) and walking the date index.
 *
 * With a window (the date from which the corpus's newest rows hold, by the lexeme dictionary's count, a few times
 * the cap: see cost-planning.ts), the window's matches are read from the index of text and facet values
 * (migration 0014): the term AND the window's months AND the selected facets, one GIN scan that skips through
 * the term's postings to the months' rows, ANDed with the date index's rows from the bound (the window's first
 * month is partial); every other condition is tested on those rows only (`(…) is true` hides them from the other
 * indexes, whose bitmaps would cost more than the rows). Then they are sorted; older matches are read only if the
 * window held fewer than the cap (the LIMIT is then 0, and PostgreSQL does not run that branch).
 *
 * With a tier (cost planning's choice, decisions 062 and 063), the same two reads: the matches among the rows from
 * the tier's first day, which the partial indexes of migrations 0016 and 0017 hold, then the older ones if needed.
 */
function candidates(
  input: StatementInput,
  /** The corpus's filters; null leaves the corpus out. */
  scope: CorpusScope,
  corpus: {
    columns: SQL;
    from: SQL;
    /** The row address (ctid) of `from`'s rows. */
    tid: SQL;
    /** The corpus's search vector, and the expression of its facet index (migration 0014). */
    vector: SQL;
    indexed: SQL;
    /** What else a match must pass (the public text of a gated news, for a reader without access). */
    gate: SQL | undefined;
    date: SQL;
    /** The tier its matches are read from first (cost-planning.ts), or null, and the corpus's tiers' first days. */
    tier: Tier | null;
    tierDays: TierDays;
    window: { bound: SQL; months: string[] } | null;
  },
): SQL {
  const { columns, from, tid, vector, indexed, gate, date, tier, tierDays, window } = corpus;
  const { readByAddress } = input;
  const query = input.hasTerm ? input.query : null;
  const cap = CANDIDATE_CAP + 1;
  const visible = scope === null ? sql`false` : (scope.dates ?? sql`true`);
  const tests = and([scope?.others ?? undefined, query ? sql`${vector} @@ ${query}` : undefined, gate]);
  const matches = sql`${visible} and ${tests}`;
  const order = sql`${date} desc nulls last`;
  // The newest rows passing `where`, sorted as row addresses (a news row with its two vectors is 3 kB: sorting
  // 1,300 of them took longer than finding them), then read by address.
  const newest = (where: SQL, limit: SQL | number) =>
    readByAddress
      ? sql`select ${columns} from (select ${tid} as tid from ${from} where ${where} order by ${order} limit ${limit}) r
      join ${from} on ${tid} = r.tid`
      : sql`select ${columns} from ${from} where ${where} order by ${order} limit ${limit}`;
  // With selected facets or dates, the text and the facets are one scan of the facet index (the other
  // conditions tested on the rows found): the bitmap AND of the full-text and facet indexes read the word's and
  // the facet's whole posting lists (130 ms for a very common word over a million documents).
  const facetTerms = [periodsQuery(scope?.periods ?? []), scope?.facetQuery ?? null].filter(
    (part): part is string => part !== null,
  );
  const others = and([visible, scope?.others ?? undefined, gate]);
  const indexedMatch = (extra: readonly string[]) =>
    sql`${indexed} @@ (${query} && ${extra.join(' & ')}::tsquery) and (${others}) is true`;
  const anyMatch = query !== null && facetTerms.length > 0 ? indexedMatch(facetTerms) : matches;
  // The rows passing `first`, newest first, then those passing `older` only when `first` held the cap or fewer
  // (the LIMIT is then 0, and PostgreSQL does not run that branch).
  const firstThenOlder = (first: SQL, older: SQL) => {
    const rest = newest(older, sql`(select ${cap} - count(*) from recent)`);
    return readByAddress
      ? sql`
    with recent as materialized (
      select ${tid} as tid from ${from} where ${first} order by ${order} limit ${cap}
    )
    select ${columns} from recent r join ${from} on ${tid} = r.tid
    union all
    (${rest})`
      : sql`
    with recent as materialized (
      select ${columns} from ${from} where ${first} order by ${order} limit ${cap}
    )
    select * from recent
    union all
    (${rest})`;
  };
  // Cost planning chose a tier (decisions 062 and 063): the matches there first, newest first, the older ones only
  // when the tier held the cap or fewer.
  if (query !== null && scope !== null && tier !== null) {
    const inTier = tierRows(tier, date, tierDays);
    return firstThenOlder(sql`${anyMatch} and ${inTier}`, sql`${anyMatch} and (${inTier}) is not true`);
  }
  if (window === null || query === null || scope === null) return newest(anyMatch, cap);
  // The window's first month is partial: over a window of one or two months the date index's rows from the bound
  // spare reading the month's earlier rows; over a longer one its bitmap costs more than it spares.
  const bound = sql`${date} >= ${window.bound}`;
  const windowTerms = [monthsQuery(window.months), scope.facetQuery].filter(
    (part): part is string => part !== null,
  );
  const windowMatch = sql`${indexedMatch(windowTerms)} and ${
    window.months.length <= 2 ? bound : sql`(${bound}) is true`
  }`;
  if (input.windowOnly) return newest(windowMatch, cap);
  return firstThenOlder(windowMatch, sql`${anyMatch} and ${date} < ${window.bound}`);
}

/** The selected years and months (YYYY, YYYYMM) as tsquery text over the facet index's lexemes; null: none. */
function periodsQuery(periods: readonly string[]): string | null {
  if (periods.length === 0) return null;
  return `(${periods
    .map((period) =>
      period.length === 4 ? lexeme(FACET_LEXEMES.year, period) : lexeme(FACET_LEXEMES.month, period),
    )
    .join(' | ')})`;
}

function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

function andOrNull(conditions: (SQL | undefined)[]): SQL | null {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? sql.join(present, sql` and `) : null;
}

function and(conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}
