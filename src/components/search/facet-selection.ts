import type { SelectedFacets } from '@/lib/params';

const YEAR_MONTH = /^(\d{4})\/(\d{2})$/;
const MONTHS_IN_YEAR = 12;

/**
 * The selection after toggling one facet value (spec section 4 "Facet selection"): metier is single choice,
 * the others multiple; a year selects the whole year (its months are dropped); a month removes its year's
 * whole-year entry; all twelve months of a year collapse to the year. Empty facets are left out.
 */
export function toggleFacet(selected: SelectedFacets, facet: string, value: string): SelectedFacets {
  const current = selected[facet] ?? [];
  const isSelected = current.includes(value);
  let next: string[];
  if (facet === 'metier') {
    next = isSelected ? [] : [value];
  } else if (isSelected) {
    next = current.filter((entry) => entry !== value);
  } else if (facet === 'date_zapette') {
    next = addDate(current, value);
  } else {
    next = [...current, value];
  }
  const result: SelectedFacets = { ...selected };
  if (next.length) result[facet] = next;
  else delete result[facet];
  return result;
}

function addDate(current: readonly string[], value: string): string[] {
  const month = YEAR_MONTH.exec(value);
  if (!month) {
    // A year: the whole year, so its months go.
    return [...current.filter((entry) => !entry.startsWith(`${value}/`)), value];
  }
  const year = month[1] ?? '';
  const next = [...current.filter((entry) => entry !== year), value];
  const monthsOfYear = next.filter((entry) => entry.startsWith(`${year}/`));
  if (new Set(monthsOfYear).size === MONTHS_IN_YEAR) {
    return [...next.filter((entry) => !entry.startsWith(`${year}/`)), year];
  }
  return next;
}

/** True when a facet value is part of the selection (a month also counts as selected when its year is). */
export function isFacetSelected(selected: SelectedFacets, facet: string, value: string): boolean {
  return (selected[facet] ?? []).includes(value);
}
