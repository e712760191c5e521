import 'server-only';
import { z } from 'zod';
import { parseSearchSort, SEARCH_SORT_VALUES } from '@/lib/contracts/search';
import { parseFacets, parsePage } from '@/lib/params';
import { logger } from '../log';
import { type SearchParams, UR_TYPE_VALUES, UR_TYPES } from './types';

/** Longest search text accepted; the rest is cut. */
export const SEARCH_TERM_MAX = 200;

/**
 * Words of a query searched; the rest are dropped. Each word is one more posting list to intersect: 30 common
 * words cost seconds over a million documents, and PGlite, which has no statement timer, would run them in the
 * server's only thread. With MAX_CORRECTED_WORDS and CANDIDATE_CAP this bounds a search's work on either driver.
 */
export const MAX_QUERY_WORDS = 12;

/**
 * The text a search reads of what was typed: its first SEARCH_TERM_MAX characters, of those the first
 * MAX_QUERY_WORDS words.
 */
export function searchedTerm(term: string): string {
  return term
    .slice(0, SEARCH_TERM_MAX)
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, MAX_QUERY_WORDS)
    .join(' ');
}

/** The parameters of the /search page that carry its text (`terme`: the pre-rendering form). */
const TERM_PARAMETERS = ['term', 'terme'] as const;

/**
 * For a /search URL whose text is longer than a search reads (more than SEARCH_TERM_MAX characters or
 * MAX_QUERY_WORDS words), the same URL with the text a search reads; null for any other URL. The server redirects
 * to it: the page then shows what was searched, and its URL is one the page cache keeps (page-cache-keys.ts),
 * so a pasted paragraph sent again and again is rendered once per few seconds instead of once per request.
 */
export function searchedTextLocation(url: string): string | null {
  const question = url.indexOf('?');
  if (question < 0) return null;
  const query = new URLSearchParams(url.slice(question + 1));
  let changed = false;
  for (const name of TERM_PARAMETERS) {
    const values = query.getAll(name);
    const [value] = values;
    if (values.length !== 1 || value === undefined) continue;
    if (value.length <= SEARCH_TERM_MAX && value.trim().split(/\s+/).length <= MAX_QUERY_WORDS) continue;
    query.set(name, searchedTerm(value));
    changed = true;
  }
  return changed ? `${url.slice(0, question)}?${query.toString()}` : null;
}

const facetLogger = { warn: (message: string) => logger.warn(message) };

/** Query of /api/search/results and /api/search/resultsAsArticles (spec section 7). */
export const searchQuerySchema = z.object({
  term: z.string().optional(),
  terme: z.string().optional(),
  page: z.string().optional(),
  urType: z.enum(UR_TYPE_VALUES, { error: `urType doit valoir ${UR_TYPE_VALUES.join(', ')}` }).optional(),
  selectedFacetsJson: z.string().optional(),
  metier: z.string().optional(),
  tri: z.enum(SEARCH_SORT_VALUES, { error: `tri doit valoir ${SEARCH_SORT_VALUES.join(', ')}` }).optional(),
});

/** Query of /api/search/suggest. */
export const suggestQuerySchema = z.object({ term: z.string().max(SEARCH_TERM_MAX).default('') });

/** The raw parameters of a search, from the API query or the /search page's query string. */
export type RawSearchQuery = {
  term?: string | undefined;
  terme?: string | undefined;
  page?: string | undefined;
  urType?: string | undefined;
  /** Selected facets as JSON: `selectedFacetsJson` in the API, `zapette` on the page. */
  facetsJson?: string | undefined;
  /** The job facet, also carried alone by the page's `metier` parameter (a job id, or a JSON list of one). */
  metier?: string | undefined;
  /** Results order (`tri`): relevance unless `date`. */
  sort?: string | undefined;
};

/**
 * A search's parameters: the text from `term` or else `terme` (the pre-rendering form), a page from 1 to 49
 * (anything else is 1), the collections (all by default), the selected facets (invalid JSON is logged and
 * treated as none) with `metier` as single choice, the order (relevance unless `tri=date`).
 */
export function toSearchParams(raw: RawSearchQuery): SearchParams {
  const term = (raw.term ?? raw.terme ?? '').slice(0, SEARCH_TERM_MAX);
  const urType = UR_TYPE_VALUES.find((value) => value === raw.urType) ?? UR_TYPES.all;
  const selected = parseFacets(raw.facetsJson, facetLogger);
  const metier = parseMetier(raw.metier) ?? selected.metier?.[0];
  const { metier: _ignored, ...others } = selected;
  return {
    term,
    page: parsePage(raw.page),
    urType,
    selected: metier ? { ...others, metier: [metier] } : others,
    sort: parseSearchSort(raw.sort),
  };
}

function parseMetier(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!value.startsWith('[') && !value.startsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'string') return parsed || undefined;
    if (Array.isArray(parsed) && typeof parsed[0] === 'string') return parsed[0] || undefined;
  } catch {
    // Logged and ignored like invalid facets.
  }
  logger.warn(`Métier invalide : ${value}`);
  return undefined;
}
