import 'server-only';

/**
 * Every route of `src/app` and how it is cached: the one table the proxy (which nonce), the page cache (which
 * store) and the pages' `revalidate` exports follow (decisions 003, 006 and 013).
 * `route-table.test.ts` walks `src/app` and fails when a route is missing here, when an entry names no route, and
 * when a page's literal `export const revalidate` disagrees with its entry (Next.js reads that export at build
 * time, so it must stay a literal in the page).
 */

/**
 * - `isr`: Next's incremental regeneration (`export const revalidate = 60`), rendered once per path for everyone;
 *   its HTML carries the build's cache nonce; the page cache keeps it under its path.
 * - `rendered`: rendered per request from its URL alone (no session, data shared for a few seconds); the page cache
 *   keeps it under its whole URL when its query is one the page reads (`page-cache-keys.ts`).
 * - `shared-read`: a public API read computed once per query (`sharedRead`); the page cache keeps the answer.
 * - `anonymous-read`: a public API read whose answer depends on the visitor only through a session (a gated
 *   article): the answer to visitors without one is the same for all of them, and only that one is kept.
 * - `not-kept`: our caches never keep it: personal, staff or write routes, pages prerendered at build time, and
 *   routes that set their own `Cache-Control` (feeds, sitemaps, media).
 */
export type RouteCaching = 'isr' | 'rendered' | 'shared-read' | 'anonymous-read' | 'not-kept';

/** How long Next.js serves an `isr` page before regenerating it: the literal of each such page's export. */
export const ISR_REVALIDATE_SECONDS = 60;

type RouteEntry = {
  caching: RouteCaching;
  /** Addresses rewritten onto this route before routing (next.config.ts), which readers ask for. */
  servedAt?: readonly string[];
  /**
   * A `not-kept` reader page or public read (the same for every visitor without a session): its answers say
   * `X-Cache: BYPASS`, as every reader page and public read says where it came from.
   */
  publicRead?: true;
};

/**
 * Keys are the routes of `src/app`'s pages and route handlers as `revalidatePath` names them (route groups kept:
 * `/(site)/search`), or a folder ending in `/*` for the folder's own route and every route under it.
 */
export const ROUTES = {
  '/(site)/accueil/[metier]': { caching: 'isr', servedAt: ['/'] },
  '/(site)/actualite/[[...segments]]': { caching: 'isr' },
  '/(site)/archives/[[...params]]': { caching: 'isr' },
  '/(site)/chiffres-taux/[[...segments]]': { caching: 'isr' },
  '/(site)/chiffres-taux/tableaux/[[...segments]]': { caching: 'isr' },
  '/(site)/simulateurs/[[...segments]]': { caching: 'isr' },
  // The editorial pages: each route answers its own address only.
  '/(site)/cgu/[[...rest]]': { caching: 'isr' },
  '/(site)/cgv/[[...rest]]': { caching: 'isr' },
  '/(site)/confidentialite/[[...rest]]': { caching: 'isr' },
  '/(site)/librairie/[[...rest]]': { caching: 'isr' },
  '/(site)/mentions-legales/[[...rest]]': { caching: 'isr' },
  '/(site)/qui-sommes-nous/[[...rest]]': { caching: 'isr' },
  '/(site)/textes/[first]/[second]/[[...rest]]': { caching: 'isr' },
  '/(site)/search': { caching: 'rendered' },
  '/(site)/agenda': { caching: 'rendered' },
  '/(site)/agenda/[topic]': { caching: 'not-kept', publicRead: true },
  '/(site)/agenda/calendrier.ics': { caching: 'not-kept', publicRead: true },
  '/(site)/agenda/[topic]/calendrier.ics': { caching: 'not-kept', publicRead: true },
  '/(site)/agenda/flux/[token]': { caching: 'not-kept' },
  '/(site)/unsubscribe/*': { caching: 'not-kept' },
  '/(site)/confirmation': { caching: 'not-kept' },
  // The 410 page, which the HTTP hook serves in place of withdrawn addresses (gone-page.ts).
  '/(site)/contenu-retire': { caching: 'not-kept' },
  '/(site)/modifications/[id]': { caching: 'not-kept', publicRead: true },
  '/(site)/mon-compte/*': { caching: 'not-kept' },
  '/(site)/connexion': { caching: 'not-kept' },
  '/(site)/mot-de-passe-oublie/*': { caching: 'not-kept' },
  '/api/account/*': { caching: 'not-kept' },
  '/api/article/summary': { caching: 'shared-read' },
  '/api/issue': { caching: 'shared-read' },
  '/api/search/suggest': { caching: 'shared-read' },
  '/api/article/single': { caching: 'anonymous-read' },
  '/api/archive/info': { caching: 'not-kept', publicRead: true },
  '/api/banner': { caching: 'not-kept', publicRead: true },
  '/api/search/results': { caching: 'not-kept', publicRead: true },
  '/api/search/resultsAsArticles': { caching: 'not-kept', publicRead: true },
  '/api/contentAlert/*': { caching: 'not-kept' },
  '/api/eshop/login': { caching: 'not-kept' },
  '/api/eshop/logout': { caching: 'not-kept' },
  '/api/eshop/me': { caching: 'not-kept' },
  '/api/eshop/products': { caching: 'not-kept', publicRead: true },
  '/api/eshop/textSearch': { caching: 'not-kept', publicRead: true },
  '/api/eshop/webFormFields': { caching: 'not-kept', publicRead: true },
  '/api/eshop/webFormResult': { caching: 'not-kept' },
  '/api/eshop/whitePapers': { caching: 'not-kept', publicRead: true },
  '/api/health/*': { caching: 'not-kept' },
  '/api/ops/backup': { caching: 'not-kept' },
  '/api/revalidate': { caching: 'not-kept' },
  '/api/rates/*': { caching: 'not-kept', publicRead: true },
  '/api/admin/*': { caching: 'not-kept' },
  '/redaction/*': { caching: 'not-kept' },
  '/embed/[simulator]': { caching: 'not-kept', publicRead: true },
  '/media/[id]/[file]': { caching: 'not-kept' },
  '/metrics': { caching: 'not-kept' },
  '/rss': { caching: 'not-kept', publicRead: true },
  '/rss/[topic]': { caching: 'not-kept', publicRead: true },
  '/rss/textes/[first]/[second]': { caching: 'not-kept', publicRead: true },
  '/sitemap.xml': { caching: 'not-kept', publicRead: true },
  '/sitemaps/*': { caching: 'not-kept', publicRead: true },
} as const satisfies Record<string, RouteEntry>;

type Route = keyof typeof ROUTES;

function routesCached(caching: RouteCaching): Route[] {
  return (Object.keys(ROUTES) as Route[]).filter((route) => ROUTES[route].caching === caching);
}

/** The address of a route, route groups left out: `/(site)/search` → `/search`. */
function addressOf(route: string): string {
  return route.replace(/\/\([^)]+\)/g, '') || '/';
}

/** The static part of a route's address, before its first dynamic segment: `/(site)/actualite/[[...s]]` → `/actualite`. */
function staticPrefix(route: string): string {
  const address = addressOf(route);
  const dynamic = address.search(/\/\[/);
  return dynamic === -1 ? address : address.slice(0, dynamic) || '/';
}

const ISR_ROUTES = routesCached('isr');
/**
 * The pages Next keeps in its cache, as `revalidatePath` names them: a content change refreshes these only (decision
 * 016): a page prerendered at build shows nothing from the database, and rendering it again would change the inline
 * scripts whose hashes its Content-Security-Policy lists (decision 004).
 */
export const REVALIDATED_PAGE_ROUTES: readonly string[] = ISR_ROUTES;
/**
 * The `isr` routes served at other addresses through a rewrite (the home): Next.js keeps their pages under the
 * route's path, not the address asked, so a content change refreshes them by route.
 */
export const REWRITTEN_PAGE_ROUTES: readonly string[] = ISR_ROUTES.filter(
  (route) => 'servedAt' in ROUTES[route],
);
/** Every address under these (and the address itself) is an `isr` page. */
const CACHED_PAGE_PREFIXES = ISR_ROUTES.map(staticPrefix);
const CACHED_PAGE_ADDRESSES = new Set(
  ISR_ROUTES.flatMap((route) => ('servedAt' in ROUTES[route] ? ROUTES[route].servedAt : [])),
);
/** Pages rendered per request that the page cache keeps under their whole URL. */
export const RENDERED_PAGE_PATHS: ReadonlySet<string> = new Set(routesCached('rendered').map(addressOf));
/** Public API reads whose answers the page cache keeps. */
export const SHARED_READ_PATHS: ReadonlySet<string> = new Set(routesCached('shared-read').map(addressOf));
/** Public API reads whose answers to visitors without a session the page cache keeps. */
export const ANONYMOUS_READ_PATHS: ReadonlySet<string> = new Set(
  routesCached('anonymous-read').map(addressOf),
);

/** True for an address of an `isr` page (its HTML carries the cache nonce, the page cache keeps it by path). */
export function isCachedPagePath(pathname: string): boolean {
  if (CACHED_PAGE_ADDRESSES.has(pathname)) return true;
  return CACHED_PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The addresses a route answers, as a pattern: `[x]` one segment, `[...x]` one or more, `[[...x]]` and a folder's
 * `/*` none or more.
 */
function addressPattern(route: string): RegExp {
  const segments = addressOf(route).split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment === '*' || /^\[\[\.\.\.\w+\]\]$/.test(segment)) return '(?:/.*)?';
      if (/^\[\.\.\.\w+\]$/.test(segment)) return '/.+';
      if (/^\[\w+\]$/.test(segment)) return '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}$`);
}

const PUBLIC_READ_PATTERNS = (Object.keys(ROUTES) as Route[])
  .filter((route) => 'publicRead' in ROUTES[route])
  .map(addressPattern);

/** True for an address of a `not-kept` reader page or public read (`publicRead`): its answers say BYPASS. */
export function isUnkeptPublicRead(pathname: string): boolean {
  return PUBLIC_READ_PATTERNS.some((pattern) => pattern.test(pathname));
}
