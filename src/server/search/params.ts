import 'server-only';
import { z } from 'zod';
import { parseSearchSort, SEARCH_SORT_VALUES } from '@/lib/contracts/search';
import { parseFacets, parsePage } from '@/lib/params';
import { logger } from '../log';
import { type SearchParams, UR_TYPE_VALUES, UR_TYPES } from './types';

/** Longest search text accepted; the rest is cut. */
export const SEARCH_TERM_MAX = 200;

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
