import 'server-only';
import { QUERY_PARAM } from '@/lib/constants';
import { SEARCH_SORT_VALUES } from '@/lib/contracts/search';
import { monthValue } from '@/lib/months';
import { TRADE_OPTIONS } from '@/lib/navigation';
import { parsePage } from '@/lib/params';
import { agendaDateParam, parseAgendaDate } from '../agenda/agenda-date';
import { singleQuerySchema } from '../content/article-query';
import { summaryQuerySchema } from '../content/summary-query';
import { SEARCH_TERM_MAX, suggestQuerySchema } from '../search/params';
import { UR_TYPE_VALUES } from '../search/types';

/**
 * The page cache's keys for URLs with a query string (docs/decisions/006-in-process-page-cache.md, "Keys").
 *
 * Random query values must not each get an entry: they would push the popular pages out, or fill the stores with
 * copies of one page. So a query value the page would not use never makes a key of its own:
 * - the home page's `?metier=` is kept in the key only for a trade it filters on (next.config.ts rewrites the
 *   others onto the all-trades page, which is what they show);
 * - a public API read is keyed by its parsed query (what the route computes from), so unknown parameters and
 *   spellings of one value share an entry, and a query the route refuses is not kept; a single article is kept
 *   only as a visitor without a session reads it, never with the session token its query may carry;
 * - a page rendered per request (search, agenda) echoes its URL in its flight data, so it is keyed by the whole
 *   URL and kept only when every parameter is one the page reads, once, with a value it accepts as written.
 */

const HOME_TRADES = new Set(TRADE_OPTIONS.map((trade) => trade.slug).filter(Boolean));

/** The key of the home page for its `metier` value: its own entry only for a trade the page filters on. */
export function homeKey(trade: string | null): string {
  return trade !== null && HOME_TRADES.has(trade) ? `/?${QUERY_PARAM.trade}=${trade}` : '/';
}

/** The key of a public API read, or null when its query is not one the route answers (never kept). */
export function sharedReadKey(pathname: string, query: URLSearchParams): string | null {
  const values = singleValues(query);
  if (!values) return null;
  switch (pathname) {
    case '/api/issue':
      return pathname;
    case '/api/search/suggest': {
      const parsed = suggestQuerySchema.safeParse(values);
      return parsed.success ? `${pathname}?${JSON.stringify(parsed.data)}` : null;
    }
    case '/api/article/summary': {
      const parsed = summaryQuerySchema.safeParse(values);
      return parsed.success ? `${pathname}?${JSON.stringify(parsed.data)}` : null;
    }
    case '/api/article/single': {
      const parsed = singleQuerySchema.safeParse(values);
      if (!parsed.success || parsed.data.eshopCookie !== undefined) return null;
      return `${pathname}?${JSON.stringify({ newsId: parsed.data.newsId })}`;
    }
    default:
      return null;
  }
}

type Validator = (value: string) => boolean;

const SEARCH_TERM: Validator = (value) => value.length <= SEARCH_TERM_MAX;
const PAGE: Validator = (value) => String(parsePage(value)) === value;
const RENDERED_PAGE_PARAMETERS: Record<string, Record<string, Validator>> = {
  '/search': {
    [QUERY_PARAM.term]: SEARCH_TERM,
    [QUERY_PARAM.prerenderTerm]: SEARCH_TERM,
    [QUERY_PARAM.page]: PAGE,
    [QUERY_PARAM.urType]: (value) => (UR_TYPE_VALUES as readonly string[]).includes(value),
    [QUERY_PARAM.facets]: isFacetSelection,
    [QUERY_PARAM.trade]: (value) => /^[A-Za-z0-9_-]{1,64}$/.test(value),
    tri: (value) => (SEARCH_SORT_VALUES as readonly string[]).includes(value),
  },
  '/agenda': {
    [QUERY_PARAM.agendaDate]: (value) => {
      const { year, month } = parseAgendaDate(value, new Date(0));
      return agendaDateParam({ year, month }) === value || `${year}-${monthValue(month)}` === value;
    },
    [QUERY_PARAM.page]: PAGE,
  },
};

/** True when a page rendered per request may be kept under its whole URL (see above). */
export function isKeptRenderedQuery(pathname: string, query: URLSearchParams): boolean {
  const accepted = RENDERED_PAGE_PARAMETERS[pathname];
  const values = singleValues(query);
  if (!accepted || !values) return false;
  return Object.entries(values).every(([name, value]) => accepted[name]?.(value) === true);
}

/** The parameters as single values, or null when one is repeated (no page of ours reads a list that way). */
function singleValues(query: URLSearchParams): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (const [name, value] of query) {
    if (name in values) return null;
    values[name] = value;
  }
  return values;
}

/** The search page's selected facets: a JSON object of string lists, as its own links write it. */
function isFacetSelection(value: string): boolean {
  if (value.length > 2_000) return false;
  try {
    const parsed: unknown = JSON.parse(value);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every(
        (list) => Array.isArray(list) && list.every((item) => typeof item === 'string'),
      )
    );
  } catch {
    return false;
  }
}
