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

/** One counted value as the statement answers it: [facet, value, count, label]. */
export type FacetCountRow = [Facet, string, number, string | null];

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
 * The select-list column `facet_counts` (FacetCountRow[]): the asked facets counted over the candidates, one
 * GROUP BY each over the materialised candidates (half the time of a single GROUP BY over a lateral union of
 * every row's values: 2,000 candidates, 17-24 vs 40-58 ms on a loaded machine), labels looked up for the few
 * counted subscriptions and jobs only. The job facet goes through the jobs' product codes (a job is a set of
 * subscriptions): ten array overlaps a row instead of an index lookup per product code.
 */
export function facetColumns(facets: readonly Facet[]): SQL {
  // Array values are unnested in the select list (a ProjectSet), not in FROM: a function scan per candidate
  // builds a tuplestore for each row, which cost more than the counting. Months are grouped as timestamps (the
  // candidate's day, in Paris time for news) and formatted as 'YYYY/MM' once per group (to_char cost 1 µs a row).
  const counts: Record<Facet, SQL> = {
    dates: sql`select 'dates'::text as facet, to_char(k, 'YYYY/MM') as key, count::int as count
      from (select date_trunc('month', m.day_at) as k, count(*) as count from matched m group by 1) g`,
    types: sql`select 'types'::text as facet, m.type_code as key, count(*)::int as count from matched m group by 2`,
    matieres: sql`select 'matieres'::text as facet, x as key, count(*)::int as count
      from (select unnest(m.matiere) as x from matched m) u group by 2`,
    abonnements: sql`select 'abonnements'::text as facet, x as key, count(*)::int as count
      from (select unnest(m.abonnement) as x from matched m) u group by 2`,
    themes: sql`select 'themes'::text as facet, x as key, count(*)::int as count
      from (select unnest(m.themes) as x from matched m where m.corpus = 'news') u group by 2`,
    // A document counts once for a job when any of its subscriptions is one of the job's product codes.
    metiers: sql`select 'metiers'::text as facet, j.job as key, count(*)::int as count
      from (select distinct pm.job, u.id
        from (select m.id, unnest(m.abonnement) as code from matched m where m.corpus = 'docs') u
        join product_mappings pm on pm.product_code = u.code and pm.job <> '') j
      group by 2`,
  };
  if (facets.length === 0) return sql`null::json as facet_counts`;
  return sql`(
    with counted as (${sql.join(
      facets.map((facet) => counts[facet]),
      sql` union all `,
    )})
    select json_agg(json_build_array(c.facet, c.key, c.count, case
      when c.facet = 'abonnements' then coalesce(
        (select min(pm.product_label) from product_mappings pm where pm.product_code = c.key),
        (select min(mc.label) from memento_codes mc where mc.code = c.key))
      when c.facet = 'metiers' then (select min(j.label) from jobs j where j.id = c.key)
    end))
    from counted c
  ) as facet_counts`;
}

/** The statement's counted values grouped by facet. */
export function facetCounts(rows: readonly FacetCountRow[] | null): FacetCounts {
  const counts = Object.fromEntries(FACETS.map((facet) => [facet, []])) as unknown as FacetCounts;
  for (const [facet, key, count, label] of rows ?? []) counts[facet].push({ key, label, count });
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
