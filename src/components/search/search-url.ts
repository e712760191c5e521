import { FIRST_PAGE, PATHS, QUERY_PARAM } from '@/lib/constants';
import { SEARCH_SORTS, type SearchSort } from '@/lib/contracts/search';
import type { SelectedFacets } from '@/lib/params';

/** What a /search URL carries. */
export type SearchLocation = {
  term: string;
  urType: string;
  selected: SelectedFacets;
  page: number;
  /** Relevance unless said otherwise. */
  sort?: SearchSort;
};

/**
 * The /search URL of a search: `term`, `urType`, the selected facets as JSON in `zapette` (metier included),
 * `tri` when sorted by date and `page` when past the first. Empty parts and defaults are left out, so the first
 * page of a plain search is /search?term=….
 */
export function searchHref(location: SearchLocation, defaultUrType: string): string {
  const params = new URLSearchParams();
  if (location.term) params.set(QUERY_PARAM.term, location.term);
  if (location.urType && location.urType !== defaultUrType) params.set(QUERY_PARAM.urType, location.urType);
  if (Object.keys(location.selected).length)
    params.set(QUERY_PARAM.facets, JSON.stringify(location.selected));
  if (location.sort === SEARCH_SORTS.date) params.set(QUERY_PARAM.sort, SEARCH_SORTS.date);
  if (location.page > FIRST_PAGE) params.set(QUERY_PARAM.page, String(location.page));
  const query = params.toString();
  return query ? `${PATHS.search}?${query}` : PATHS.search;
}
