import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { MONTHS } from '@/lib/months';
import { documentTypeLabel } from './document-types';
import type { FacetFilters } from './selected-facets';
import type { FacetEntry, SearchFacets } from './types';

/**
 * Facet assembly: the six facets counted over a search's candidates, and turned into the answer's entries.
 *
 * Multi-choice facets are disjunctive (as the search engines readers know): the counts of a facet ignore that
 * facet's own selection, so its other values stay listed with what choosing them too would add. The engine takes
 * a selected facet's counts from the same search without that facet (engine.ts); a facet without a selection, and
 * the job facet, are counted over the results' candidates.
 */

/** The facets of an answer, by their key in the statement's counts. */
export const FACETS = ['dates', 'types', 'matieres', 'abonnements', 'metiers', 'themes'] as const;
export type Facet = (typeof FACETS)[number];
export type MultiChoice = Exclude<Facet, 'metiers'>;

/** The raw facet counts: each facet's values with their count (and a label for subscriptions and jobs). */
export type FacetCounts = Record<Facet, { key: string; label: string | null; count: number }[]>;

/**
 * What the statement answers for the counted facets (`facet_counts`), counted here: each candidate's values (its
 * month as YYYYMM, type, subjects; a document's subscriptions, a news's themes), in no order, and for the
 * subscription and job facets the product codes (each code's label and jobs), the memento codes' labels and the
 * jobs' labels. A key is absent when its facet is not counted, null when no candidate has one.
 */
export type FacetValues = {
  months?: (number | null)[] | null;
  types?: string[] | null;
  matieres?: (string[] | null)[] | null;
  subscriptions?: (string[] | null)[] | null;
  themes?: (string[] | null)[] | null;
  products?: [code: string, label: string, jobs: string[] | null][] | null;
  mementos?: [code: string, label: string][] | null;
  jobs?: [id: string, label: string][] | null;
};

/** The multi-choice facets by their key in the selection (`selectedFacetsJson`). */
export const MULTI_CHOICE_FACETS = {
  date_zapette: 'dates',
  type_document: 'types',
  matiere: 'matieres',
  abonnement: 'abonnements',
  theme_quot_zapette: 'themes',
} as const satisfies Record<string, MultiChoice>;

/** True when `facet` has a (valid) selection in `filters`. */
export function isSelected(filters: FacetFilters, facet: MultiChoice): boolean {
  return facet === 'dates' ? filters.years.length + filters.months.length > 0 : filters[facet].length > 0;
}

/**
 * The select-list column `facet_counts` (FacetValues): the values the asked facets are counted from, one pass
 * over the materialised candidates, counted in JavaScript (`facetCounts`). On PGlite the six GROUP BYs (arrays
 * unnested, the job facet joined to the product codes) took 9 ms of a 29 ms statement for 2,000 candidates, the
 * values alone 3 to 4 (docs/decisions/057-search-facets-counted-in-the-server.md). The reference tables of the
 * labels (product codes, memento codes, jobs: a few hundred rows) are read whole.
 */
export function facetColumns(facets: readonly Facet[]): SQL {
  if (facets.length === 0) return sql`null::json as facet_counts`;
  const asked = new Set(facets);
  const subscriptions = asked.has('abonnements') || asked.has('metiers');
  const values: SQL[] = [
    ...(asked.has('dates')
      ? [sql`'months', json_agg((date_part('year', m.day_at) * 100 + date_part('month', m.day_at))::int)`]
      : []),
    ...(asked.has('types') ? [sql`'types', json_agg(m.type_code)`] : []),
    ...(asked.has('matieres') ? [sql`'matieres', json_agg(m.matiere)`] : []),
    ...(asked.has('themes') ? [sql`'themes', json_agg(m.themes) filter (where m.corpus = 'news')`] : []),
    ...(subscriptions
      ? [
          sql`'subscriptions', json_agg(m.abonnement) filter (where m.corpus = 'docs')`,
          sql`'products', (select json_agg(json_build_array(p.code, p.label, p.jobs)) from (
            select pm.product_code as code, min(pm.product_label) as label,
              array_agg(distinct pm.job) filter (where pm.job <> '') as jobs
            from product_mappings pm group by 1) p)`,
        ]
      : []),
    ...(asked.has('abonnements')
      ? [sql`'mementos', (select json_agg(json_build_array(mc.code, mc.label)) from memento_codes mc)`]
      : []),
    ...(asked.has('metiers')
      ? [sql`'jobs', (select json_agg(json_build_array(j.id, j.label)) from jobs j)`]
      : []),
  ];
  return sql`(select json_build_object(${sql.join(values, sql`, `)}) from matched m) as facet_counts`;
}

/**
 * The facets counted from the statement's values: a month, type or subject per candidate holding it (a value
 * repeated in one candidate's array counts each time, as an unnest did), a subscription likewise (labelled by its
 * product code, else its memento code), a job once per document with any of the job's product codes.
 */
export function facetCounts(values: FacetValues | null): FacetCounts {
  const counts = Object.fromEntries(FACETS.map((facet) => [facet, []])) as unknown as FacetCounts;
  if (!values) return counts;
  // Plain loops over Maps: 2,000 candidates' values counted in well under a millisecond.
  const add = (counted: Map<string, number>, key: string) => {
    counted.set(key, (counted.get(key) ?? 0) + 1);
  };
  const list = (facet: Facet, counted: Map<string, number>, label: (key: string) => string | null) => {
    for (const [key, count] of counted) counts[facet].push({ key, label: label(key), count });
  };
  const noLabel = () => null;
  const ofArrays = (arrays: readonly (readonly string[] | null)[]) => {
    const counted = new Map<string, number>();
    for (const array of arrays) if (array) for (const value of array) add(counted, value);
    return counted;
  };
  if (values.months) {
    const byMonth = new Map<number, number>();
    for (const month of values.months) if (month !== null) byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
    for (const [month, count] of byMonth)
      counts.dates.push({
        key: `${Math.trunc(month / 100)}/${String(month % 100).padStart(2, '0')}`,
        label: null,
        count,
      });
  }
  // One type per candidate: counted as a single array of them.
  if (values.types) list('types', ofArrays([values.types]), noLabel);
  if (values.matieres) list('matieres', ofArrays(values.matieres), noLabel);
  if (values.themes) list('themes', ofArrays(values.themes), noLabel);
  const products = new Map((values.products ?? []).map(([code, label, jobs]) => [code, { label, jobs }]));
  const subscriptions = values.subscriptions ?? [];
  if ('mementos' in values) {
    const mementos = new Map(values.mementos ?? []);
    list(
      'abonnements',
      ofArrays(subscriptions),
      (code) => products.get(code)?.label ?? mementos.get(code) ?? null,
    );
  }
  if ('jobs' in values) {
    const jobs = new Map(values.jobs ?? []);
    const counted = new Map<string, number>();
    const ofDocument = new Set<string>();
    for (const codes of subscriptions) {
      ofDocument.clear();
      for (const code of codes ?? []) for (const job of products.get(code)?.jobs ?? []) ofDocument.add(job);
      for (const job of ofDocument) add(counted, job);
    }
    list('metiers', counted, (job) => jobs.get(job) ?? null);
  }
  return counts;
}

/** The answer's facets, each most frequent first (dates by year and month). */
export function buildFacets(counts: FacetCounts): SearchFacets {
  return {
    date_zapette: dateFacet(counts.dates),
    type_document: byCount(
      counts.types.map(({ key, count }) => ({ id: key, label: documentTypeLabel(key), count })),
    ),
    matiere: byCount(counts.matieres.map(({ key, count }) => ({ id: key, label: key, count }))),
    abonnement: byCount(
      counts.abonnements.map(({ key, label, count }) => ({ id: key, label: label ?? key, count })),
    ),
    metier: byCount(counts.metiers.map(({ key, label, count }) => ({ id: key, label: label ?? key, count }))),
    theme_quot_zapette: byCount(counts.themes.map(({ key, count }) => ({ id: key, label: key, count }))),
  };
}

/** Most frequent first, then alphabetically (French collation), then by id (two codes of one label). */
function byCount(entries: FacetEntry[]): FacetEntry[] {
  return entries.sort(
    (a, b) => b.count - a.count || a.label.localeCompare(b.label, 'fr') || a.id.localeCompare(b.id),
  );
}

/** Years newest first, each with its months (ids 'YYYY/MM', labelled with the French month name) in month order. */
function dateFacet(counts: readonly { key: string; count: number }[]): FacetEntry[] {
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
