import 'server-only';
import {
  FACET_INITIAL_COUNT,
  FIRST_PAGE,
  MAX_PAGE,
  NEWS_PAGE_SIZE,
  THEME_FACET,
  THEME_FACET_INITIAL_COUNT,
} from '@/lib/constants';
import {
  type FacetEntry,
  NEWS_DOCUMENT_TYPE,
  SEARCH_SORTS,
  type SearchFacets,
  UR_TYPES,
  type UrType,
} from '@/lib/contracts/search';
import type { SelectedFacets } from '@/lib/params';
import { isFacetSelected, toggleFacet } from './facet-selection';
import type { FacetLink } from './facet-value';
import type { FacetGroup } from './facets-panel';
import type { SearchTab } from './search-tabs';
import { type SearchLocation, searchHref } from './search-url';

/** Facet titles, in panel order. */
const FACET_TITLES: [keyof SearchFacets, string][] = [
  ['date_zapette', 'Date'],
  ['metier', 'Métier'],
  ['matiere', 'Matière'],
  [THEME_FACET, 'Thèmes de La Quotidienne'],
  ['abonnement', 'Abonnement'],
];

const UR_TAB_LABELS: Record<UrType, string> = {
  [UR_TYPES.all]: 'Tous',
  [UR_TYPES.news]: 'Actualités de La Quotidienne',
  [UR_TYPES.subscriber]: 'Contenus abonnés : nos fonds documentaires',
};

export function hrefOf(location: SearchLocation): string {
  return searchHref(location, UR_TYPES.all);
}

/** The collection tabs (page back to 1, facets kept) and the external Produits link. */
export function urTabs(location: SearchLocation, productsHref: string): SearchTab[] {
  const tabs: SearchTab[] = Object.values(UR_TYPES).map((urType) => ({
    label: UR_TAB_LABELS[urType],
    href: hrefOf({ ...location, urType, page: FIRST_PAGE }),
    current: location.urType === urType,
  }));
  return [...tabs, { label: 'Produits', href: productsHref, current: false, external: true }];
}

/** Document-type tabs: every type of the match set, one chosen at a time; "Tous les types" clears the choice. */
export function documentTypeTabs(location: SearchLocation, types: FacetEntry[]): SearchTab[] {
  const chosen = location.selected.type_document ?? [];
  const { type_document: _cleared, ...others } = location.selected;
  const base = { ...location, page: FIRST_PAGE };
  return [
    { label: 'Tous les types', href: hrefOf({ ...base, selected: others }), current: chosen.length === 0 },
    ...types.map((type) => ({
      label: `${type.label} (${type.count})`,
      href: hrefOf({ ...base, selected: { ...others, type_document: [type.id] } }),
      current: chosen.length === 1 && chosen[0] === type.id,
    })),
  ];
}

/** True when the search is restricted to the daily's news type: answered as article summaries. */
export function wantsArticles(selected: SelectedFacets): boolean {
  const types = selected.type_document ?? [];
  return types.length === 1 && types[0] === NEWS_DOCUMENT_TYPE;
}

function links(location: SearchLocation, facet: string, entries: FacetEntry[]): FacetLink[] {
  return entries.map((entry) => ({
    id: entry.id,
    label: entry.label,
    count: entry.count,
    selected: isFacetSelected(location.selected, facet, entry.id),
    href: hrefOf({
      ...location,
      selected: toggleFacet(location.selected, facet, entry.id),
      page: FIRST_PAGE,
    }),
    // Months are listed under a year once the year or one of its months is chosen, so the panel stays short.
    children:
      entry.children &&
      (location.selected[facet] ?? []).some((value) => value === entry.id || value.startsWith(`${entry.id}/`))
        ? links(location, facet, entry.children)
        : undefined,
  }));
}

/** The facet groups of the panel, each value a toggling link. */
export function facetGroups(location: SearchLocation, facets: SearchFacets): FacetGroup[] {
  return FACET_TITLES.map(([name, title]) => ({
    name,
    title,
    entries: links(location, name, facets[name]),
    initialCount: name === THEME_FACET ? THEME_FACET_INITIAL_COUNT : FACET_INITIAL_COUNT,
  }));
}

/** The two orders of the results as links (page back to 1, facets kept), the current one marked. */
export function sortLinks(location: SearchLocation): SearchTab[] {
  const current = location.sort ?? SEARCH_SORTS.relevance;
  return [
    { sort: SEARCH_SORTS.relevance, label: 'Pertinence' },
    { sort: SEARCH_SORTS.date, label: 'Date' },
  ].map(({ sort, label }) => ({
    label,
    href: hrefOf({ ...location, sort, page: FIRST_PAGE }),
    current: current === sort,
  }));
}

/** Pages in all for a match count (capped at MAX_PAGE). */
export function pageCount(total: number): number {
  return Math.min(MAX_PAGE, Math.max(FIRST_PAGE, Math.ceil(total / NEWS_PAGE_SIZE)));
}
