import 'server-only';
import type { SearchSort } from '@/lib/contracts/search';
import type { SelectedFacets } from '@/lib/params';

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

/** The document type code of the daily's news: a search restricted to it is served as article summaries. */
export const NEWS_DOCUMENT_TYPE = 'actualite';
/** The document type code of the daily's enriched news. */
export const ENRICHED_NEWS_DOCUMENT_TYPE = 'actualite-enrichie';

/** One search result (spec section 3 "Search result"), plus the link it opens. */
export type SearchResult = {
  id: string;
  enriched_news_id: string | null;
  titre_affichage: string;
  micro_contenu: string;
  /** HTML: an escaped snippet of at most SEARCH_SNIPPET_MAX characters, matched words in <mark>. */
  texte: string;
  matiere: string[];
  theme_zapette: string[];
  /** Day of the document, YYYY-MM-DD. */
  date_resultat: string;
  /** French label of the document type. */
  type_document: string;
  /** Document type code (the value of the type_document facet). */
  type_document_code: string;
  type_ur: string;
  ur_id: string;
  abonnement: string[];
  titre_ouvrage: string;
  /** Where the result leads: an article path of this site, or the subscriber product. */
  url: string;
  /** True for documents reserved to subscribers of the separate product. */
  subscriber_only: boolean;
};

/** One entry of a facet; date years carry their months as children (ids 'YYYY/MM'). */
export type FacetEntry = { id: string; label: string; count: number; children?: FacetEntry[] };

export type SearchFacets = {
  date_zapette: FacetEntry[];
  type_document: FacetEntry[];
  matiere: FacetEntry[];
  abonnement: FacetEntry[];
  metier: FacetEntry[];
  theme_quot_zapette: FacetEntry[];
};

export type SearchAnswer = {
  results: SearchResult[];
  facets: SearchFacets;
  /** Number of matches counted (exact unless `bounded`). */
  total: number;
  /**
   * True when a corpus had more matches than the candidate cap: the page is ranked, and the facets counted,
   * over the newest matches only, and `total` is a lower bound.
   */
  bounded: boolean;
  page: number;
};

export type SearchSuggestion = { value: string; formatedSuggestion: string };
