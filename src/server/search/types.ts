import 'server-only';
import type { SearchSort, UrType } from '@/lib/contracts/search';

// The answer shapes are the search contract's (src/lib/contracts/search.ts); the server's modules read them here.
export {
  ENRICHED_NEWS_DOCUMENT_TYPE,
  type FacetEntry,
  NEWS_DOCUMENT_TYPE,
  type SearchAnswer,
  type SearchFacets,
  type SearchResult,
  type SearchSuggestion,
  UR_TYPE_VALUES,
  UR_TYPES,
  type UrType,
} from '@/lib/contracts/search';

import type { SelectedFacets } from '@/lib/params';

/** What one search asks for. */
export type SearchParams = {
  term: string;
  page: number;
  urType: UrType;
  selected: SelectedFacets;
  sort: SearchSort;
};

/**
 * Who searches: a reader without access (anonymous, or paywalled) matches only what the paywall lets them read;
 * `client` (the address) counts the search for the suggestions' distinct-readers rule.
 */
export type SearchReader = { hasAccess: boolean; client?: string | undefined };
export const ANONYMOUS_READER: SearchReader = { hasAccess: false };
