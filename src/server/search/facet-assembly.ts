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
 * facet's own selection, so its other values stay listed with what choosing them too would add. They are counted
 * over the loose candidates (only the single-choice job applied) passing the other facets; a facet without a
 * selection, and the job facet, are counted over the results' candidates.
 */

/** The raw facet counts of the statement's row. */
export type FacetCounts = {
  dates: { key: string; count: number }[] | null;
  types: { key: string; count: number }[] | null;
  matieres: { key: string; count: number }[] | null;
  abonnements: { key: string; label: string | null; count: number }[] | null;
  metiers: { key: string; label: string | null; count: number }[] | null;
  themes: { key: string; count: number }[] | null;
};

type MultiChoice = 'dates' | 'types' | 'matieres' | 'abonnements' | 'themes';
type Sources = Record<MultiChoice | 'metiers', SQL>;

const without = (selection: FacetFilters, facet: MultiChoice): FacetFilters => {
  if (facet === 'dates') return { ...selection, years: [], months: [] };
  return { ...selection, [facet]: [] };
};

const isSelected = (selection: FacetFilters, facet: MultiChoice): boolean =>
  facet === 'dates' ? selection.years.length + selection.months.length > 0 : selection[facet].length > 0;

/**
 * Where each facet is counted: `matched` (the results' candidates), or for a multi-choice facet with a selection
 * the `loose` candidates passing the other facets. `selection` null: nothing multi-choice is selected.
 */
export function facetSources(selection: FacetFilters | null): Sources {
  const source = (facet: MultiChoice) =>
    selection && isSelected(selection, facet)
      ? sql`(select * from loose l where ${rowMatches(sql`l`, without(selection, facet))})`
      : sql`matched`;
  return {
    dates: source('dates'),
    types: source('types'),
    matieres: source('matieres'),
    abonnements: source('abonnements'),
    themes: source('themes'),
    metiers: sql`matched`,
  };
}

/** The multi-choice facets of `selection` as a condition on a candidate row (`row`, a result-shaped row). */
export function rowMatches(row: SQL, selection: FacetFilters): SQL {
  const array = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
  const conditions: SQL[] = [];
  if (selection.years.length || selection.months.length) {
    const months = selection.months.map((month) => month.replace('/', '-'));
    conditions.push(
      sql`(substr(${row}.day, 1, 4) = any(${array(selection.years)}) or substr(${row}.day, 1, 7) = any(${array(months)}))`,
    );
  }
  if (selection.types.length) conditions.push(sql`${row}.type_code = any(${array(selection.types)})`);
  if (selection.matieres.length) conditions.push(sql`${row}.matiere && ${array(selection.matieres)}`);
  if (selection.themes.length)
    conditions.push(sql`(${row}.corpus = 'news' and ${row}.themes && ${array(selection.themes)})`);
  if (selection.abonnements.length)
    conditions.push(sql`(${row}.corpus = 'docs' and ${row}.abonnement && ${array(selection.abonnements)})`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The select-list columns counting each facet over its source (see FacetCounts). */
export function facetColumns(from: Sources): SQL {
  return sql`
    (select json_agg(f) from (select to_char(day::date, 'YYYY/MM') as key, count(*)::int as count from ${from.dates} m group by 1) f) as dates,
    (select json_agg(f) from (select type_code as key, count(*)::int as count from ${from.types} m group by 1) f) as types,
    (select json_agg(f) from (select v as key, count(*)::int as count from ${from.matieres} m, unnest(m.matiere) v group by 1) f) as matieres,
    (select json_agg(f) from (
      select v as key, coalesce(
          (select min(pm.product_label) from product_mappings pm where pm.product_code = v),
          (select min(mc.label) from memento_codes mc where mc.code = v)) as label,
        count(*)::int as count
      from ${from.abonnements} m, unnest(m.abonnement) v group by 1) f) as abonnements,
    (select json_agg(f) from (
      select pm.job as key, min(j.label) as label, count(distinct m.id)::int as count
      from ${from.metiers} m join product_mappings pm on pm.product_code = any(m.abonnement)
      left join jobs j on j.id = pm.job
      where m.corpus = 'docs' and pm.job <> '' group by pm.job) f) as metiers,
    (select json_agg(f) from (select v as key, count(*)::int as count from ${from.themes} m, unnest(m.themes) v where m.corpus = 'news' group by 1) f) as themes`;
}

/** The answer's facets, each most frequent first (dates by year and month). */
export function buildFacets(counts: FacetCounts): SearchFacets {
  return {
    date_zapette: dateFacet(counts.dates ?? []),
    type_document: byCount(
      (counts.types ?? []).map(({ key, count }) => ({ id: key, label: documentTypeLabel(key), count })),
    ),
    matiere: byCount((counts.matieres ?? []).map(({ key, count }) => ({ id: key, label: key, count }))),
    abonnement: byCount(
      (counts.abonnements ?? []).map(({ key, label, count }) => ({ id: key, label: label ?? key, count })),
    ),
    metier: byCount(
      (counts.metiers ?? []).map(({ key, label, count }) => ({ id: key, label: label ?? key, count })),
    ),
    theme_quot_zapette: byCount(
      (counts.themes ?? []).map(({ key, count }) => ({ id: key, label: key, count })),
    ),
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
