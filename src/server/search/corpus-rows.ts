import 'server-only';
import { SEARCH_SORTS, type SearchSort } from '@/lib/contracts/search';
import type { FacetValues } from './facet-assembly';

/**
 * The row one search statement answers (query-building.ts), and how the rows of the two corpora's statements make
 * the row of one statement over both: on PostgreSQL a search of both collections reads each corpus with its own
 * statement, side by side on two connections (decision 063).
 */
export type Row = {
  total_news: number;
  total_docs: number;
  results: RawResult[] | null;
  facet_counts: FacetValues | null;
};

export type RawResult = {
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
  /** What the page is sorted by: the relevance, and the date as seconds since the epoch. */
  rank: number;
  sort_at: number;
  /** What the snippet is built from (query-building.ts): a news's body, gate and sections; a document's text. */
  view: string | null;
  paywalled: boolean | null;
  sections: [string, string][] | null;
  texte: string | null;
};

/**
 * Whether a search reads each corpus with its own statement: on PostgreSQL, when it is the only search this process
 * computes (decision 063). Alone, the second core would otherwise wait; beside other searches it is busy, and two
 * statements cost more than one (13 % fewer searches a second with four at once, `bench/search/throughput.ts`).
 */
export function readsByCorpus(embedded: boolean, searchesComputing: number): boolean {
  return !embedded && searchesComputing <= 1;
}

/** The statement's order of the page (query-building.ts): `rank desc, sort_date desc, id`, or the date first. */
function pageOrder(sort: SearchSort): (a: RawResult, b: RawResult) => number {
  const byId = (a: RawResult, b: RawResult) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return sort === SEARCH_SORTS.date
    ? (a, b) => b.sort_at - a.sort_at || b.rank - a.rank || byId(a, b)
    : (a, b) => b.rank - a.rank || b.sort_at - a.sort_at || byId(a, b);
}

/** Per-candidate values are added up; the reference tables (labels) are the same in both rows. */
function mergedFacetValues(news: FacetValues | null, docs: FacetValues | null): FacetValues | null {
  if (!news || !docs) return news ?? docs;
  const both = <T>(a: T[] | null | undefined, b: T[] | null | undefined): T[] | null | undefined =>
    a === undefined && b === undefined ? undefined : a || b ? [...(a ?? []), ...(b ?? [])] : null;
  const merged: FacetValues = {};
  for (const key of ['months', 'types', 'matieres', 'subscriptions', 'themes'] as const) {
    const values = both<unknown>(news[key], docs[key]);
    if (values !== undefined) Object.assign(merged, { [key]: values });
  }
  for (const key of ['products', 'mementos', 'jobs'] as const)
    if (key in docs || key in news) Object.assign(merged, { [key]: docs[key] ?? news[key] ?? null });
  return merged;
}

/**
 * The row of one statement over both corpora from each corpus's own: its totals, its facet values, and the page
 * (`size` rows from `offset` of the two corpora's first `offset + size` rows, each already in the page's order).
 */
export function mergedRow(
  news: Row,
  docs: Row,
  page: { offset: number; size: number; sort: SearchSort } | null,
): Row {
  const results =
    page && (news.results || docs.results)
      ? [...(news.results ?? []), ...(docs.results ?? [])]
          .sort(pageOrder(page.sort))
          .slice(page.offset, page.offset + page.size)
      : null;
  return {
    total_news: news.total_news,
    total_docs: docs.total_docs,
    results: results && results.length > 0 ? results : null,
    facet_counts: mergedFacetValues(news.facet_counts, docs.facet_counts),
  };
}
