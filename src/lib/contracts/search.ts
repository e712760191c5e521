import './zod-setup';
import * as zm from 'zod/mini';
import { articleSummary } from './content';

/** How search results are ordered (query parameter `tri`): by relevance (default, left out of URLs) or newest first. */
export const SEARCH_SORTS = { relevance: 'pertinence', date: 'date' } as const;
export type SearchSort = (typeof SEARCH_SORTS)[keyof typeof SEARCH_SORTS];
export const SEARCH_SORT_VALUES = Object.values(SEARCH_SORTS) as [SearchSort, ...SearchSort[]];

/** Any other value of `tri` is relevance (a URL is never refused for it). */
export function parseSearchSort(value: string | undefined): SearchSort {
  return SEARCH_SORT_VALUES.find((sort) => sort === value) ?? SEARCH_SORTS.relevance;
}

/** Which collections a search covers (query parameter `urType`). */
export const UR_TYPES = {
  /** Everything: the daily's news and the subscriber collections. */
  all: 'tous',
  /** The news of La Quotidienne (the articles table). */
  news: 'quotidienne',
  /** The subscriber document collections. */
  subscriber: 'abonnes',
} as const;
export type UrType = (typeof UR_TYPES)[keyof typeof UR_TYPES];
export const UR_TYPE_VALUES = Object.values(UR_TYPES) as [UrType, ...UrType[]];

/** The document type code of the daily's news: a search restricted to it is served as article summaries. */
export const NEWS_DOCUMENT_TYPE = 'actualite';
/** The document type code of the daily's enriched news. */
export const ENRICHED_NEWS_DOCUMENT_TYPE = 'actualite-enrichie';

// The answers below are parsed in the browser on every search: Zod Mini keeps them out of the full Zod's weight.

/** One search result (spec section 3 "Search result"), plus the link it opens. */
export const searchResult = zm.object({
  id: zm.string(),
  enriched_news_id: zm.nullable(zm.string()),
  titre_affichage: zm.string(),
  micro_contenu: zm.string(),
  /** HTML: an escaped snippet of at most SEARCH_SNIPPET_MAX characters, matched words in <mark>. */
  texte: zm.string(),
  matiere: zm.array(zm.string()),
  theme_zapette: zm.array(zm.string()),
  /** Day of the document, YYYY-MM-DD. */
  date_resultat: zm.string(),
  /** French label of the document type. */
  type_document: zm.string(),
  /** Document type code (the value of the type_document facet). */
  type_document_code: zm.string(),
  type_ur: zm.string(),
  ur_id: zm.string(),
  abonnement: zm.array(zm.string()),
  titre_ouvrage: zm.string(),
  /** Where the result leads: an article path of this site, or the subscriber product. */
  url: zm.string(),
  /** True for documents reserved to subscribers of the separate product. */
  subscriber_only: zm.boolean(),
});
export type SearchResult = zm.infer<typeof searchResult>;

/** One entry of a facet; date years carry their months as children (ids 'YYYY/MM'). */
export type FacetEntry = { id: string; label: string; count: number; children?: FacetEntry[] | undefined };
export const facetEntry: zm.ZodMiniType<FacetEntry> = zm.object({
  id: zm.string(),
  label: zm.string(),
  count: zm.number(),
  get children() {
    return zm.optional(zm.array(facetEntry));
  },
});

export const searchFacets = zm.object({
  date_zapette: zm.array(facetEntry),
  type_document: zm.array(facetEntry),
  matiere: zm.array(facetEntry),
  abonnement: zm.array(facetEntry),
  metier: zm.array(facetEntry),
  theme_quot_zapette: zm.array(facetEntry),
});
export type SearchFacets = zm.infer<typeof searchFacets>;

/** Answer of GET /api/search/results. */
export const searchAnswer = zm.object({
  results: zm.array(searchResult),
  facets: searchFacets,
  /** Number of matches counted (exact unless `bounded`). */
  total: zm.number(),
  /**
   * True when a corpus had more matches than the candidate cap: the page is ranked, and the facets counted,
   * over the newest matches only, and `total` is a lower bound.
   */
  bounded: zm.boolean(),
  page: zm.number(),
});
export type SearchAnswer = zm.infer<typeof searchAnswer>;

export const searchSuggestion = zm.object({ value: zm.string(), formatedSuggestion: zm.string() });
export type SearchSuggestion = zm.infer<typeof searchSuggestion>;
/** Answer of GET /api/search/suggest. */
export const searchSuggestions = zm.array(searchSuggestion);

/**
 * Answer of GET /api/search/resultsAsArticles: the same search restricted to the news type, each of the daily's
 * news its summary; a news of the subscriber collections stays a search result.
 */
export const searchArticlesAnswer = zm.extend(zm.omit(searchAnswer, { results: true }), {
  asArticle: zm.literal(true),
  results: zm.array(zm.union([zm.extend(articleSummary, { asArticle: zm.literal(true) }), searchResult])),
});
export type SearchArticlesAnswer = zm.infer<typeof searchArticlesAnswer>;
