import 'server-only';
import type { IncomingMessage } from 'node:http';
import { QUERY_PARAM } from '@/lib/constants';
import { SEARCH_SORT_VALUES } from '@/lib/contracts/search';
import { monthValue } from '@/lib/months';
import { TRADE_OPTIONS } from '@/lib/navigation';
import { readNewsFilters, withNewsFilters } from '@/lib/news-filters';
import { isNewsroomPath } from '@/lib/newsroom-paths';
import { parsePage } from '@/lib/params';
import { readCookie, SESSION_COOKIE } from '../accounts/sessions';
import { agendaDateParam, parseAgendaDate } from '../agenda/agenda-date';
import { singleQuerySchema } from '../content/article-query';
import { summaryQuerySchema } from '../content/summary-query';
import { SEARCH_TERM_MAX, suggestQuerySchema } from '../search/params';
import { UR_TYPE_VALUES } from '../search/types';
import type { Kind } from './page-cache-copy-tags';
import { pathOf, type Slot, state } from './page-cache-store';
import {
  ANONYMOUS_READ_PATHS,
  isCachedPagePath,
  isUnkeptPublicRead,
  RENDERED_PAGE_PATHS,
  SHARED_READ_PATHS,
} from './route-table';

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
function homeKey(trade: string | null): string {
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

/** Longer URLs are not cached: no page of ours needs one, and a key should stay small. */
const MAX_URL_LENGTH = 1024;

/** Request headers of Next's client navigation, prefetches, server actions and revalidation: never cached. */
export const UNCACHEABLE_REQUEST_HEADERS = [
  'rsc',
  'next-action',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'x-prerender-revalidate',
  'range',
];

/** The news pages, whose listings are filtered by known ?metier= and ?format= values. */
const NEWS_LISTING_PREFIX = '/actualite';

/**
 * Where a request's answer is kept, or null when it must not come from (or go into) the cache.
 *
 * For a cached page the key is the path alone: Next.js serves one ISR entry per path whatever the query string
 * (filters such as `?format=` are applied in the browser, decision 003), so `?utm_source=…` and the like share the
 * page. The one exception is the home page, which next.config.ts rewrites on `?metier=` (a trade it knows). The
 * other stores' keys follow page-cache-keys.ts.
 */
export function slotOf(request: IncomingMessage): Slot | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = request.url;
  if (!url || url.length > MAX_URL_LENGTH || !url.startsWith('/')) return null;
  const queryStart = url.indexOf('?');
  const pathname = pathOf(url);
  // Newsroom: staff answers are never kept, whatever the lists below come to hold.
  if (isNewsroomPath(pathname)) return null;
  const kind: Kind | null = RENDERED_PAGE_PATHS.has(pathname)
    ? 'rendered'
    : SHARED_READ_PATHS.has(pathname) || ANONYMOUS_READ_PATHS.has(pathname)
      ? 'reads'
      : isCachedPagePath(pathname)
        ? 'cached'
        : null;
  if (kind === null) return null;
  for (const name of UNCACHEABLE_REQUEST_HEADERS) if (request.headers[name] !== undefined) return null;
  const query = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  // Next's client router asks the same URL for an RSC payload with `?_rsc=` (and the `rsc` header).
  if (query.has('_rsc')) return null;
  // Search: a logged-in reader's search matches gated text, so it is neither served from nor kept in
  // the cache shared with anonymous readers.
  if (pathname === '/search' && hasSessionCookie(request)) return null;
  // A single article read with a session (cookie or Bearer token) may show what the paywall hides from others.
  if (ANONYMOUS_READ_PATHS.has(pathname) && (hasSessionCookie(request) || request.headers.authorization))
    return null;
  const { stores } = state();
  switch (kind) {
    case 'cached':
      return {
        store: stores.cached,
        // The news listings' ?metier= and ?format= are rewritten onto filtered pages (next.config.ts), known
        // values only: those make the key, anything else shares the page without filter.
        key: pathname.startsWith(NEWS_LISTING_PREFIX)
          ? withNewsFilters(pathname, readNewsFilters(query))
          : pathname === '/'
            ? homeKey(query.get(HOME_TRADE_PARAMETER))
            : pathname,
      };
    case 'reads': {
      const key = sharedReadKey(pathname, query);
      return key === null ? null : { store: stores.reads, key };
    }
    case 'rendered':
      return isKeptRenderedQuery(pathname, query) ? { store: stores.rendered, key: url } : null;
  }
}

/** The query parameter the home page's rewrite reads (next.config.ts): `/?metier=x` is served from /accueil/x. */
const HOME_TRADE_PARAMETER = 'metier';

function hasSessionCookie(request: IncomingMessage): boolean {
  return readCookie(request.headers.cookie ?? null, SESSION_COOKIE) !== null;
}

/** A request made with a session (cookie or Bearer token): its answers never say where they came from. */
export function hasSession(request: IncomingMessage): boolean {
  return hasSessionCookie(request) || request.headers.authorization !== undefined;
}

/** The reader pages and public API reads, whose answers say where they came from (X-Cache). */
export function isReaderRoute(pathname: string): boolean {
  return (
    isCachedPagePath(pathname) ||
    RENDERED_PAGE_PATHS.has(pathname) ||
    SHARED_READ_PATHS.has(pathname) ||
    ANONYMOUS_READ_PATHS.has(pathname) ||
    isUnkeptPublicRead(pathname)
  );
}
