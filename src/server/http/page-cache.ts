import 'server-only';
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { constants, crc32, deflateRaw, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { PATHS } from '@/lib/constants';
import { readNewsFilters, withNewsFilters } from '@/lib/news-filters';
import { isNewsroomPath } from '@/lib/newsroom-paths';
import { readCookie, SESSION_COOKIE } from '../accounts/sessions';
import { env } from '../env';
import { remember } from '../lib/remember';
import { isSameSecret } from '../lib/secrets';
import { freshNonce } from '../observability/security-headers';
import { crc32Combine, crc32Shift } from './crc32-combine';
import { homeKey, isKeptRenderedQuery, sharedReadKey } from './page-cache-keys';
import { requestIdFrom } from './request-id';
import {
  ANONYMOUS_READ_PATHS,
  ISR_REVALIDATE_SECONDS,
  isCachedPagePath,
  RENDERED_PAGE_PATHS,
  SHARED_READ_PATHS,
} from './route-table';
import { withScriptsAfterPaint } from './scripts-after-paint';

/**
 * The page cache in front of Next.js (docs/decisions/006-in-process-page-cache.md).
 *
 * Next.js keeps the anonymous news pages in its own cache (ISR, decision 003), but answering a hit still runs its
 * whole request pipeline (routing, the proxy, the cache lookup, header building): about 500 pages/s on one core.
 * This cache keeps, for a few seconds, the exact bytes and headers Next.js answered for a cached page, and answers
 * the next requests for that URL straight from the HTTP server's `request` event, before Next.js sees them.
 *
 * It stores only what Next.js itself declared shareable (200, HTML, `s-maxage`, no cookie set), for the paths of
 * `isCachedPagePath` (the ones whose HTML never depends on the visitor: the personal parts load in the browser),
 * and never for Next's client-navigation requests (RSC payloads, prefetches, server actions), whose answers vary
 * by request headers.
 *
 * A second, smaller store keeps the pages rendered per request whose HTML depends on their URL alone (search
 * results, agenda), keyed by the whole URL: the agenda for the same few seconds its data is shared anyway
 * (`sharedRead`), an anonymous search page as long as an ISR page (SHARED_PAGE_CACHE_SECONDS). A third keeps the
 * answers of the public API reads (news lists, issue, suggestions), which are the same for every visitor, and of a
 * single article as a visitor without a session reads it, as long too. A content change empties everything at once, on every instance. Query values a page does not use never get an entry of their own (page-cache-keys.ts).
 *
 * Every HTML answer gets a CSP nonce of its own (decision 004), without nginx: at store time the cache notes every
 * place the page's nonce occupies in its body, and each answer writes a fresh one over all of them and into the
 * policy. Cached pages are rendered by Next.js with the build's cache nonce, so their first answer, the one
 * Next.js gives, is held back whole and rewritten the same way before it leaves; so is the first answer of a page
 * rendered per request, which also leaves, as every page held back, with its framework scripts after its largest
 * paint (scripts-after-paint.ts, decision 068). Compressed answers are assembled
 * from pieces compressed once, between the nonce's places (`gzipPieces`): no page is compressed per answer.
 */

/**
 * How long an entry is served before Next.js is asked again, when nothing says how old Next's copy is (shared
 * reads, pages rendered per request, an ISR copy of unknown age). Short: it adds at most this much to ISR's 60 s.
 */
export const PAGE_CACHE_SECONDS = 5;
/**
 * A cached (ISR) page whose render time is known (Next.js answered `x-nextjs-cache: MISS`: rendered for this very
 * request, or a HIT after such a MISS or a STALE) is served until Next's own copy would turn stale, ISR's 60 s
 * after that render: going back to Next.js sooner would only get the same bytes again (under the mixed load each
 * article page went back every 5 s). A content change empties the cache at once, so nothing gets older than it
 * did: at most ISR's 60 s plus PAGE_CACHE_SECONDS and the stale window, as before.
 */
export const ISR_PAGE_CACHE_SECONDS = ISR_REVALIDATE_SECONDS;
/**
 * How long an anonymous search page and a public API read are served before they are asked again: as long as an
 * ISR page (docs/decisions/055). A content change empties this cache at once on every instance (content-changes.ts),
 * so a copy is never older than the content; what the longer life saves is the renders of the same search (under
 * the mixed load, the refreshes of 5 s copies were three renders of four) and, through `X-Accel-Expires`, nginx's
 * refreshes, each of which holds a reader's keep-alive connection until it ends.
 */
export const SHARED_PAGE_CACHE_SECONDS = ISR_REVALIDATE_SECONDS;
/**
 * Past its life an entry is still served for this long while the server asks Next.js for a fresh copy in the
 * background, as Next's own ISR does: no reader waits for a render (under load a search page takes about a second
 * to render) and the requests arriving meanwhile do not all render it again at once.
 */
export const PAGE_CACHE_STALE_SECONDS = 5;
/** A refresh that has not stored its answer after this long (refused, failed) lets a later request start another. */
const REFRESH_TIMEOUT_MS = 3_000;
/** Marks the server's own refresh requests (with its per-process token): they go to Next.js, never to the cache. */
const REFRESH_HEADER = 'x-page-cache-refresh';
/** Bounds against many distinct URLs (query strings make new keys): whichever is reached first evicts. */
export const PAGE_CACHE_MAX_ENTRIES = 500;
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Pages rendered per request get their own, smaller bounds: endless query strings never evict the news pages. */
export const RENDERED_PAGE_CACHE_MAX_ENTRIES = 200;
export const RENDERED_PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
export const SHARED_READ_CACHE_MAX_ENTRIES = 500;
const SHARED_READ_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** A page bigger than this is not kept (our pages weigh 100 to 200 KB). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Longer URLs are not cached: no page of ours needs one, and a key should stay small. */
const MAX_URL_LENGTH = 1024;

/** Request headers of Next's client navigation, prefetches, server actions and revalidation: never cached. */
const UNCACHEABLE_REQUEST_HEADERS = [
  'rsc',
  'next-action',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'x-prerender-revalidate',
  'range',
];

/** Response headers that describe one transfer, not the page: recomputed on every answer. */
const PER_ANSWER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'x-request-id',
]);

type Entry = {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** As Next.js compressed it for the visitor who filled the entry, else compressed on first demand (no nonce). */
  gzip: Buffer | undefined;
  etag: string | undefined;
  expiresAt: number;
  /** When a request went to Next.js for a fresh copy of this expired entry, if one did. */
  refreshingSince: number | undefined;
  /** HTML pages: their nonce and where it sits in the body, rewritten in every answer. */
  nonce?: StoredNonce;
};

type StoredNonce = {
  value: string;
  offsets: number[];
  /**
   * The body between the nonce's places, each compressed on its own, with each stretch's CRC-32 and the shift of
   * its length (made on first gzip demand, or in the background when a refresh replaces a copy readers asked in
   * gzip).
   */
  gzipPieces?: GzipPieces;
};

type GzipPieces = { deflated: Buffer[]; crcs: number[]; shifts: number[] };

/**
 * What a store keeps: cached pages (ISR, one entry per path), pages rendered per request and public API reads
 * (JSON), the last two keyed by their URL.
 */
type Kind = 'cached' | 'rendered' | 'reads';
type Store = { kind: Kind; entries: LRUCache<string, Entry> };
type State = {
  stores: Record<Kind, Store>;
  /** Per cached page key: when Next.js rendered the copy its ISR cache now holds (or started rendering it). */
  renderedAt: LRUCache<string, number>;
  hits: number;
  stored: number;
  refreshToken: string;
  /** Pages rendered per request whose render is in progress, by key: resolved when that answer is over. */
  renders: Map<string, Promise<void>>;
};

/**
 * A least-recently-used store (lru-cache) bounded in entries and bytes; an entry is dropped once past its life and
 * its stale window, whichever bound comes first.
 */
function newStore(kind: Kind, max: number, maxSize: number): Store {
  return {
    kind,
    entries: new LRUCache<string, Entry>({
      max,
      maxSize,
      sizeCalculation: (entry) => Math.max(1, entrySize(entry)),
      // Freshness is the entry's own (expiresAt): the time-to-live drops it once its stale window is over too
      // (set per entry when it is stored: an ISR page's life may be longer).
      ttl: (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 - 1,
      updateAgeOnGet: false,
      ttlAutopurge: false,
      // The entries' own clock (Date), so their life and the store's agree; read on every check, not cached for a
      // millisecond by a timer (lru-cache's default), so a store right after a clock change sees the new time.
      perf: { now: () => Date.now() },
      ttlResolution: 0,
    }),
  };
}

// One per process: Next.js may load this module more than once (instrumentation, route handlers), and a purge
// from any copy must empty the one cache.
function state(): State {
  return remember<State>('page-cache', () => ({
    stores: {
      cached: newStore('cached', PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_MAX_BYTES),
      rendered: newStore('rendered', RENDERED_PAGE_CACHE_MAX_ENTRIES, RENDERED_PAGE_CACHE_MAX_BYTES),
      reads: newStore('reads', SHARED_READ_CACHE_MAX_ENTRIES, SHARED_READ_CACHE_MAX_BYTES),
    },
    renderedAt: new LRUCache<string, number>({ max: 2 * PAGE_CACHE_MAX_ENTRIES }),
    hits: 0,
    stored: 0,
    refreshToken: randomBytes(16).toString('hex'),
    renders: new Map(),
  }));
}

/** Hits answered and answers stored since the start, and what the stores hold now (for /metrics). */
export function pageCacheStats(): { hits: number; stores: number; entries: number; bytes: number } {
  const { hits, stored, stores } = state();
  const all = Object.values(stores);
  return {
    hits,
    stores: stored,
    entries: all.reduce((sum, store) => sum + store.entries.size, 0),
    bytes: all.reduce((sum, store) => sum + store.entries.calculatedSize, 0),
  };
}

/** Forgets every answer: the next request of each goes to Next.js. */
export function purgePageCache(): void {
  const { stores, renderedAt } = state();
  for (const store of Object.values(stores)) store.entries.clear();
  // After a content change Next's copies are refreshed too: their age is unknown until Next says it rendered.
  renderedAt.clear();
}

/** The news pages, whose listings are filtered by known ?metier= and ?format= values. */
const NEWS_LISTING_PREFIX = '/actualite';

type Slot = { store: Store; key: string };

/**
 * Where a request's answer is kept, or null when it must not come from (or go into) the cache.
 *
 * For a cached page the key is the path alone: Next.js serves one ISR entry per path whatever the query string
 * (filters such as `?format=` are applied in the browser, decision 003), so `?utm_source=…` and the like share the
 * page. The one exception is the home page, which next.config.ts rewrites on `?metier=` (a trade it knows). The
 * other stores' keys follow page-cache-keys.ts.
 */
function slotOf(request: IncomingMessage): Slot | null {
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

function acceptsGzip(request: IncomingMessage): boolean {
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\b)/i.test(accepted);
}

/**
 * The entry to answer with, fresh or stale, and whether this request should start its background refresh;
 * undefined sends the request to Next.js.
 */
function lookup({ store, key }: Slot, now: number): { entry: Entry; refresh: boolean } | undefined {
  const entry = store.entries.get(key);
  if (!entry) return undefined;
  let refresh = false;
  if (entry.expiresAt <= now) {
    if (entry.expiresAt + PAGE_CACHE_STALE_SECONDS * 1000 <= now) {
      store.entries.delete(key);
      return undefined;
    }
    refresh = entry.refreshingSince === undefined || now - entry.refreshingSince >= REFRESH_TIMEOUT_MS;
    if (refresh) entry.refreshingSince = now;
  }
  return { entry, refresh };
}

function entrySize(entry: Entry): number {
  const pieces = entry.nonce?.gzipPieces?.deflated.reduce((sum, piece) => sum + piece.length, 0) ?? 0;
  return entry.body.length + (entry.gzip?.length ?? 0) + pieces;
}

/**
 * Answers the request from the cache when it holds a copy of the page, fresh or (while it is refreshed in the
 * background) stale; returns false, touching nothing, otherwise. `refreshed` is true when this answer started a
 * background refresh: that refresh is the request Next.js sees. Called from the HTTP server's `request` event,
 * before Next.js.
 */
export function answerFromPageCache(
  request: IncomingMessage,
  response: ServerResponse,
  now = Date.now(),
): false | { refreshed: boolean } {
  const slot = slotOf(request);
  if (slot === null || isOwnRefresh(request)) return false;
  const found = lookup(slot, now);
  if (!found) return false;
  const { entry, refresh } = found;
  if (refresh) refreshInBackground(request);
  answerWith(request, response, slot, entry);
  return { refreshed: refresh };
}

function answerWith(request: IncomingMessage, response: ServerResponse, slot: Slot, entry: Entry): void {
  state().hits += 1;
  for (const [name, value] of Object.entries(entry.headers))
    if (value !== undefined) response.setHeader(name, value);
  response.setHeader('x-request-id', requestIdFrom(request.headers['x-request-id']));
  // nginx keeps a shared read no longer than this copy's remaining life (a stale copy: one second).
  if (entry.headers[EDGE_CACHE_HEADER] !== undefined)
    response.setHeader(
      EDGE_CACHE_HEADER,
      String(Math.max(1, Math.ceil((entry.expiresAt - Date.now()) / 1000))),
    );
  if (entry.etag && request.headers['if-none-match'] === entry.etag) {
    response.statusCode = 304;
    response.removeHeader('content-type');
    // The browser keeps its copy, whose body holds the nonce of its own answer: a new policy would block its
    // scripts (a 304's headers replace the stored ones), so the stored policy is left as it is.
    if (entry.nonce) response.removeHeader('content-security-policy');
    response.end();
    return;
  }
  response.statusCode = 200;
  if (entry.nonce) {
    answerWithFreshNonce(request, response, entry, entry.nonce, slot);
    return;
  }
  let body = entry.body;
  if (acceptsGzip(request)) {
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.body);
      resize(slot, entry);
    }
    body = entry.gzip;
    response.setHeader('content-encoding', 'gzip');
  }
  send(request, response, body);
}

/**
 * Lets nginx keep a public API read, or an anonymous search page, as long as this cache does
 * (docs/decisions/042-edge-cache-for-shared-reads.md, 048): `X-Accel-Expires` is nginx's own header, which it
 * honours over `Cache-Control` and never passes on, so browsers still get the `no-store` of every API answer (spec
 * section 7) and of the search page. Set before Next.js sets any header, so that it comes first in the answer:
 * nginx before 1.23 reads these headers in order, and a `Cache-Control: no-store` or an `Expires: 0` read before it
 * makes the answer unstorable. Only a successful answer of the expected type setting no cookie keeps it, as this
 * cache's own rule (`isPlainAnswer`): never a refusal (429, 503) or an error page.
 */
function offerToEdgeCache(response: ServerResponse, type: 'text/html' | 'application/json'): void {
  response.setHeader(EDGE_CACHE_HEADER, String(SHARED_PAGE_CACHE_SECONDS));
  const writeHead = response.writeHead;
  response.writeHead = function edgeWriteHead(this: ServerResponse, ...args: unknown[]) {
    const [status, reason, headers] = args as [number, unknown, unknown];
    this.statusCode = status;
    const given = typeof reason === 'object' && reason !== null ? reason : headers;
    if (!isPlainAnswer(this, type) || !isPlainAddition(given, type)) this.removeHeader(EDGE_CACHE_HEADER);
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as ServerResponse['writeHead'];
}

/** True when headers given to `writeHead` set no cookie and no other type than `type`. */
function isPlainAddition(given: unknown, type: string): boolean {
  if (given === undefined || given === null || typeof given !== 'object') return true;
  const pairs: [unknown, unknown][] = Array.isArray(given)
    ? Array.isArray(given[0])
      ? (given as [unknown, unknown][])
      : Array.from({ length: Math.floor(given.length / 2) }, (_, index) => [
          given[2 * index],
          given[2 * index + 1],
        ])
    : Object.entries(given);
  return pairs.every(([name, value]) => {
    const lower = String(name).toLowerCase();
    if (lower === 'set-cookie') return false;
    return lower !== 'content-type' || String(value).startsWith(type);
  });
}

/** How long nginx may keep an answer (seconds), whatever its Cache-Control says to browsers. */
const EDGE_CACHE_HEADER = 'x-accel-expires';

/** Records an entry's new size (it grew a compressed form) with its store's byte bound. */
function resize({ store, key }: Slot, entry: Entry): void {
  if (store.entries.peek(key) === entry) store.entries.set(key, entry, { noUpdateTTL: true });
}

function isOwnRefresh(request: IncomingMessage): boolean {
  const given = request.headers[REFRESH_HEADER];
  return typeof given === 'string' && isSameSecret(given, state().refreshToken);
}

/**
 * For a page rendered per request that may be shared (a search, the agenda): the render of the same page already
 * in progress for another reader, to wait for and then answer from its stored copy; or null, this request being
 * now the render that later ones wait for (until its answer is over, stored or not). Without it, a burst of the
 * same searches on an instance whose cache is cold (just started, in a rolling restart) rendered the page once per
 * search slot and filled the slots' queue with the rest (503s in bench/scale).
 */
export function joinRenderInProgress(
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> | null {
  const slot = slotOf(request);
  if (slot === null || slot.store.kind !== 'rendered' || request.method !== 'GET') return null;
  const { renders } = state();
  const inProgress = renders.get(slot.key);
  if (inProgress) return inProgress;
  const over = new Promise<void>((resolve) =>
    response.once('close', () => {
      renders.delete(slot.key);
      resolve();
    }),
  );
  renders.set(slot.key, over);
  return null;
}

/** True for the server's own background refresh of a cached page (not a reader's request: never rate-limited). */
export function isPageCacheRefresh(request: IncomingMessage): boolean {
  return isOwnRefresh(request);
}

/**
 * Asks this very server for the URL again, marked as its own refresh: Next.js answers it and
 * `recordForPageCache` stores the fresh copy. Sent to the address and port the reader's request came in on.
 */
function refreshInBackground(request: IncomingMessage): void {
  const headers: OutgoingHttpHeaders = { [REFRESH_HEADER]: state().refreshToken };
  if (request.headers.host) headers.host = request.headers.host;
  const refresh = http.request(
    { host: request.socket.localAddress, port: request.socket.localPort, path: request.url, headers },
    (answer) => answer.resume(),
  );
  // A failed refresh leaves the stale copy to its end; a later request starts another one.
  refresh.on('error', () => {});
  refresh.end();
}

function send(request: IncomingMessage, response: ServerResponse, body: Buffer): void {
  response.setHeader('content-length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * An HTML page answered with a nonce of its own: written over each place the stored nonce held in the body and
 * in the policy, around the stored bytes (no copy of the page per answer).
 */
function answerWithFreshNonce(
  request: IncomingMessage,
  response: ServerResponse,
  entry: Entry,
  stored: StoredNonce,
  /** Where the entry is kept (its size grows with its compressed pieces), null for an answer sent once. */
  slot: Slot | null,
): void {
  const nonce = freshNonce();
  const policy = String(entry.headers['content-security-policy']);
  response.setHeader(
    'content-security-policy',
    policy.replaceAll(`'nonce-${stored.value}'`, `'nonce-${nonce}'`),
  );
  const fresh = Buffer.from(nonce, 'latin1');
  const gzipped = acceptsGzip(request);
  const parts = gzipped ? gzipWithNonce(entry, stored, fresh, slot) : plainWithNonce(entry, stored, fresh);
  if (gzipped) response.setHeader('content-encoding', 'gzip');
  response.setHeader(
    'content-length',
    parts.reduce((sum, part) => sum + part.length, 0),
  );
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  response.cork();
  for (const part of parts.slice(0, -1)) response.write(part);
  response.end(parts.at(-1));
}

/** The stored body around the new nonce. */
function plainWithNonce(entry: Entry, stored: StoredNonce, fresh: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (const offset of stored.offsets) {
    parts.push(entry.body.subarray(from, offset), fresh);
    from = offset + fresh.length;
  }
  parts.push(entry.body.subarray(from));
  return parts;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The gzip form of the body with a new nonce, from pieces compressed once: each stretch between two places of the
 * nonce is a deflate stream of its own ended by a full flush (so it needs nothing before it and ends on a byte
 * boundary), the nonce goes in between as a stored block, and the gzip trailer's checksum is computed over the
 * uncompressed bytes of this answer. About a tenth of a millisecond per answer where compressing the page took
 * several; the pieces weigh a little more than one compressed page.
 */
function gzipWithNonce(entry: Entry, stored: StoredNonce, fresh: Buffer, slot: Slot | null): Buffer[] {
  if (!stored.gzipPieces) {
    const stretches = stretchesOf(entry, stored);
    stored.gzipPieces = piecesOf(
      stretches,
      stretches.map((stretch, index) =>
        deflateRawSync(stretch, { finishFlush: finishFlushOf(index, stretches) }),
      ),
    );
    if (slot) resize(slot, entry);
  }
  const { deflated, crcs, shifts } = stored.gzipPieces;
  const nonceBlock = Buffer.alloc(5 + fresh.length);
  // BFINAL 0, BTYPE 00 (stored), then LEN and its complement, little-endian.
  nonceBlock.writeUInt16LE(fresh.length, 1);
  nonceBlock.writeUInt16LE(~fresh.length & 0xffff, 3);
  fresh.copy(nonceBlock, 5);
  const parts: Buffer[] = [GZIP_HEADER];
  // The trailer's checksum, from the stretches' own and the new nonce's: the page is not read again.
  const nonceCrc = crc32(fresh);
  const nonceShift = fresh.length === FRESH_NONCE_LENGTH ? FRESH_NONCE_SHIFT : crc32Shift(fresh.length);
  let checksum = crcs[0] ?? 0;
  deflated.forEach((piece, index) => {
    if (index > 0) {
      parts.push(nonceBlock);
      checksum = crc32Combine(
        crc32Combine(checksum, nonceCrc, nonceShift),
        crcs[index] ?? 0,
        shifts[index] ?? 0,
      );
    }
    parts.push(piece);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(entry.body.length >>> 0, 4);
  parts.push(trailer);
  return parts;
}

/** The stretches of the body between the nonce's places. */
function stretchesOf(entry: Entry, stored: StoredNonce): Buffer[] {
  const stretches: Buffer[] = [];
  let from = 0;
  for (const offset of stored.offsets) {
    stretches.push(entry.body.subarray(from, offset));
    from = offset + stored.value.length;
  }
  stretches.push(entry.body.subarray(from));
  return stretches;
}

/** Each stretch but the last ends with a full flush (a byte boundary, nothing owed to what follows). */
function finishFlushOf(index: number, stretches: Buffer[]): number {
  return index === stretches.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH;
}

function piecesOf(stretches: Buffer[], deflated: Buffer[]): GzipPieces {
  return {
    deflated,
    crcs: stretches.map((stretch) => crc32(stretch)),
    shifts: stretches.map((stretch) => crc32Shift(stretch.length)),
  };
}

/**
 * Compresses a stored page's pieces on libuv's threads, off the event loop: for a refresh that replaced a copy
 * readers asked in gzip, whose first gzip reader would otherwise compress the whole page on the event loop (several
 * milliseconds) every time the page is refreshed. A gzip answer before it ends compresses as before.
 */
function compressInBackground(slot: Slot, entry: Entry, stored: StoredNonce): void {
  const stretches = stretchesOf(entry, stored);
  void Promise.all(
    stretches.map(
      (stretch, index) =>
        new Promise<Buffer>((resolve, reject) =>
          deflateRaw(stretch, { finishFlush: finishFlushOf(index, stretches) }, (error, result) =>
            error ? reject(error) : resolve(result),
          ),
        ),
    ),
  ).then(
    (deflated) => {
      if (stored.gzipPieces) return;
      stored.gzipPieces = piecesOf(stretches, deflated);
      resize(slot, entry);
    },
    () => {}, // Compressed on demand instead.
  );
}

/** True when Next.js declared this answer the same for every visitor and worth sharing. */
function isShareable(response: ServerResponse): boolean {
  if (!isPlainAnswer(response, 'text/html')) return false;
  const control = String(response.getHeader('cache-control') ?? '');
  return /\bs-maxage=\d+/.test(control) && !/\b(private|no-store|no-cache)\b/.test(control);
}

/** A successful answer of this type that sets no cookie. */
function isPlainAnswer(response: ServerResponse, type: 'text/html' | 'application/json'): boolean {
  if (response.statusCode !== 200) return false;
  if (response.getHeader('set-cookie') !== undefined) return false;
  return String(response.getHeader('content-type') ?? '').startsWith(type);
}

const FRESH_NONCE_LENGTH = freshNonce().length;
const FRESH_NONCE_SHIFT = crc32Shift(FRESH_NONCE_LENGTH);

/** The nonce of a page's policy, when it is one a fresh nonce can be written over (same length). */
function policyNonce(response: ServerResponse): string | null {
  const value = /'nonce-([A-Za-z0-9+/=]+)'/.exec(
    String(response.getHeader('content-security-policy') ?? ''),
  )?.[1];
  return value && value.length === FRESH_NONCE_LENGTH ? value : null;
}

/** Every place `value` sits in the body. */
function offsetsOf(body: Buffer, value: string): number[] {
  const offsets: number[] = [];
  for (let at = body.indexOf(value); at !== -1; at = body.indexOf(value, at + value.length)) offsets.push(at);
  return offsets;
}

/**
 * Lets a request through to Next.js and keeps its answer when it may be shared.
 *
 * A reader page our caches keep (an ISR page, rendered by Next.js with the build's cache nonce, or a page rendered
 * per request) is held back whole, asked of Next.js uncompressed, and leaves with its framework scripts after the
 * largest paint (scripts-after-paint.ts) and a nonce of its own, compressed here when the visitor accepts gzip:
 * the visitor who fills an entry gets what every later one gets, and so does the visitor of a page that is not
 * kept (a not-found page under /actualite, a reader's search with a session). A public API read passes through as
 * Next.js writes it; Next.js is offered gzip alone (or nothing, when the visitor refuses gzip) so the stored copy
 * can serve either encoding.
 */
export function recordForPageCache(request: IncomingMessage, response: ServerResponse): void {
  const slot = slotOf(request);
  // A public read, or the search page of a reader without a session (slotOf gives none to the others), which is
  // as shared (docs/decisions/048-edge-cache-for-anonymous-searches.md).
  if (slot !== null && request.method === 'GET' && isLongShared(slot))
    offerToEdgeCache(response, slot.store.kind === 'reads' ? 'application/json' : 'text/html');
  if (isHeldBack(request)) {
    holdBack(request, response, slot);
    return;
  }
  if (slot?.store.kind !== 'reads' || request.method !== 'GET') return;
  if (acceptsGzip(request)) request.headers['accept-encoding'] = 'gzip';
  else delete request.headers['accept-encoding'];
  const recorder = recordBody(response);
  response.once('finish', () => {
    const sent = recorder.body();
    if (!sent || !isPlainAnswer(response, 'application/json')) return;
    const encoding = response.getHeader('content-encoding');
    if (encoding === undefined) {
      store(slot, response, sent, {});
      return;
    }
    if (encoding !== 'gzip') return;
    try {
      store(slot, response, gunzipSync(sent, { maxOutputLength: MAX_PAGE_BYTES }), { gzip: sent });
    } catch {
      // Bigger than a read we keep once uncompressed, or not gzip after all: not kept.
    }
  });
}

/**
 * A GET of a reader page our caches keep, whole or by URL (route-table.ts): an ISR page, whose HTML Next.js renders
 * with the build's cache nonce (src/proxy.ts), or a page rendered per request. Never Next's client navigation.
 */
function isHeldBack(request: IncomingMessage): boolean {
  if (request.method !== 'GET') return false;
  const url = request.url ?? '';
  const pathname = pathOf(url);
  if (!isCachedPagePath(pathname) && !RENDERED_PAGE_PATHS.has(pathname)) return false;
  for (const name of UNCACHEABLE_REQUEST_HEADERS) if (request.headers[name] !== undefined) return false;
  return !/[?&]_rsc=/.test(url);
}

/** The path of a request's URL, without its query. */
function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** Collects what is written to a response, up to MAX_PAGE_BYTES (past that, `body()` is null). */
function recordBody(response: ServerResponse): { body(): Buffer | null } {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const write = response.write;
  const end = response.end;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (tooBig) return;
    const buffer = toBuffer(chunk, encoding);
    if (!buffer) return;
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) tooBig = true;
    else chunks.push(buffer);
  };
  response.write = function recordWrite(this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return Reflect.apply(write, this, args) as boolean;
  } as ServerResponse['write'];
  response.end = function recordEnd(this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return Reflect.apply(end, this, args) as ServerResponse;
  } as ServerResponse['end'];
  return { body: () => (tooBig ? null : Buffer.concat(chunks, size)) };
}

function toBuffer(chunk: unknown, encoding?: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/**
 * Holds Next's answer of a cached page back until it is complete, then sends it with a fresh nonce (and keeps
 * it when it may be shared). Next.js writes through `writeHead`, `write`, `end` and `flushHeaders`: until the end,
 * they only record; then the methods in place before are restored and used. An answer larger than any page of
 * ours is let through unchanged from there on (with the build's nonce, consistent in header and body).
 */
function holdBack(request: IncomingMessage, response: ServerResponse, slot: Slot | null): void {
  const gzipWanted = acceptsGzip(request);
  delete request.headers['accept-encoding'];
  const original = {
    writeHead: response.writeHead,
    write: response.write,
    end: response.end,
    flushHeaders: response.flushHeaders,
  };
  const restore = () => Object.assign(response, original);
  const chunks: Buffer[] = [];
  let size = 0;
  let passing = false;
  const collect = (chunk: unknown, encoding: unknown): boolean => {
    const buffer = toBuffer(chunk, encoding);
    if (!buffer) return true;
    size += buffer.length;
    chunks.push(buffer);
    if (size <= HELD_BACK_MAX_BYTES) return true;
    // Too big to hold: what was held goes out as it came, and the rest passes through.
    passing = true;
    restore();
    for (const held of chunks) Reflect.apply(original.write, response, [held]);
    return true;
  };
  response.writeHead = function heldWriteHead(this: ServerResponse, ...args: unknown[]) {
    const [status, reason, headers] = args as [number, unknown, unknown];
    this.statusCode = status;
    if (typeof reason === 'string') this.statusMessage = reason;
    const given = typeof reason === 'object' && reason !== null ? reason : headers;
    if (Array.isArray(given)) {
      for (let index = 0; index + 1 < given.length; index += 2)
        this.setHeader(given[index], given[index + 1]);
    } else if (given && typeof given === 'object') {
      for (const [name, value] of Object.entries(given)) if (value !== undefined) this.setHeader(name, value);
    }
    return this;
  } as ServerResponse['writeHead'];
  response.flushHeaders = () => {};
  response.write = function heldWrite(this: ServerResponse, ...args: unknown[]) {
    if (passing) return Reflect.apply(original.write, this, args) as boolean;
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    collect(args[0], typeof args[1] === 'string' ? args[1] : undefined);
    callback?.();
    return true;
  } as ServerResponse['write'];
  response.end = function heldEnd(this: ServerResponse, ...args: unknown[]) {
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (typeof args[0] !== 'function') collect(args[0], typeof args[1] === 'string' ? args[1] : undefined);
    if (passing) return Reflect.apply(original.end, this, [callback]) as ServerResponse;
    restore();
    answerHeldBack(request, response, slot, Buffer.concat(chunks, size), gzipWanted);
    if (callback) this.once('finish', callback);
    return this;
  } as ServerResponse['end'];
}

/** Held back at most this much: a page of ours weighs 100 to 200 KB. */
const HELD_BACK_MAX_BYTES = 4 * MAX_PAGE_BYTES;

function answerHeldBack(
  request: IncomingMessage,
  response: ServerResponse,
  slot: Slot | null,
  body: Buffer,
  gzipWanted: boolean,
): void {
  const value = policyNonce(response);
  const isHtml = String(response.getHeader('content-type') ?? '').startsWith('text/html');
  if (response.statusCode === 304) {
    // The browser's copy keeps the policy that matches its body.
    response.removeHeader('content-security-policy');
    response.end();
    return;
  }
  if (!value || !isHtml || response.getHeader('content-encoding') !== undefined) {
    response.end(body);
    return;
  }
  // A page rendered per request changes with every answer's nonce and is never the same twice: no validator.
  if (!isCachedPagePath(pathOf(request.url ?? ''))) response.removeHeader('etag');
  // A page answered 200 gets its scripts after the paint; an error page keeps them as they are.
  const page = response.statusCode === 200 ? pageWithScriptsAfterPaint(body) : body;
  const nonce: StoredNonce = { value, offsets: offsetsOf(page, value) };
  const entry =
    slot !== null && page.length <= MAX_PAGE_BYTES && isKept(slot, response, nonce)
      ? store(slot, response, page, { nonce })
      : undefined;
  if (gzipWanted) request.headers['accept-encoding'] = 'gzip';
  response.removeHeader('content-length');
  answerWithFreshNonce(
    request,
    response,
    entry ?? newEntry(response, page, { nonce }),
    nonce,
    entry ? slot : null,
  );
}

/** The held-back page with its framework scripts after the paint (the same buffer when nothing was moved). */
function pageWithScriptsAfterPaint(body: Buffer): Buffer {
  const html = body.toString('utf8');
  const page = withScriptsAfterPaint(html);
  return page === html ? body : Buffer.from(page);
}

/**
 * Whether a held-back page may be kept: a cached one when Next.js declared it shareable, one rendered per request
 * when it is a plain page whose nonce is in its body (renewed in every answer).
 */
function isKept(slot: Slot, response: ServerResponse, nonce: StoredNonce): boolean {
  if (slot.store.kind === 'cached') return isShareable(response);
  return slot.store.kind === 'rendered' && isPlainAnswer(response, 'text/html') && nonce.offsets.length > 0;
}

function currentHeaders(response: ServerResponse): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
  }
  return headers;
}

function newEntry(
  response: ServerResponse,
  body: Buffer,
  { gzip: gzipped, nonce }: { gzip?: Buffer | undefined; nonce?: StoredNonce | undefined },
): Entry {
  const headers = currentHeaders(response);
  const etag = headers.etag;
  return {
    headers,
    body,
    gzip: gzipped,
    etag: typeof etag === 'string' ? etag : undefined,
    expiresAt: Date.now() + PAGE_CACHE_SECONDS * 1000,
    refreshingSince: undefined,
    nonce,
  };
}

function store(
  { store: target, key }: Slot,
  response: ServerResponse,
  body: Buffer,
  options: { gzip?: Buffer | undefined; nonce?: StoredNonce | undefined },
): Entry {
  const entry = newEntry(response, body, options);
  const replaced = target.entries.peek(key);
  if (entry.nonce && replaced?.nonce?.gzipPieces)
    compressInBackground({ store: target, key }, entry, entry.nonce);
  if (isLongShared({ store: target, key }))
    entry.expiresAt = Date.now() + SHARED_PAGE_CACHE_SECONDS * 1000 + spreadMs();
  else if (target.kind === 'cached') {
    entry.expiresAt = Date.now() + isrLifeMs(key, response.getHeader('x-nextjs-cache'));
    // However Next.js produced it (rendered now, served stale), what this cache answers is a cached copy.
    entry.headers['x-nextjs-cache'] = 'HIT';
  }
  // A page rendered per request changes with every answer's nonce and is never the same twice: no validator.
  if (target.kind === 'rendered') {
    delete entry.headers.etag;
    entry.etag = undefined;
  }
  // Pages asked once must not stay until the bounds push them out: the dead ones go as new ones come.
  target.entries.purgeStale();
  target.entries.set(key, entry, {
    ttl: Math.max(1, entry.expiresAt - Date.now()) + PAGE_CACHE_STALE_SECONDS * 1000 - 1,
  });
  state().stored += 1;
  return entry;
}

/** The entries that live SHARED_PAGE_CACHE_SECONDS: the public API reads and the anonymous search pages. */
function isLongShared({ store: target, key }: Slot): boolean {
  return target.kind === 'reads' || (target.kind === 'rendered' && key.split('?', 1)[0] === PATHS.search);
}

/**
 * How long a cached page just answered by Next.js may be served (ISR_PAGE_CACHE_SECONDS). Next's `x-nextjs-cache`
 * says how old its copy is: MISS, rendered now; STALE, older than ISR's life, and Next renders it again from now
 * on (this copy gets PAGE_CACHE_SECONDS, the next one is the fresh render); HIT, as old as the last render this
 * cache saw, or of unknown age (none seen since the start or the last purge: PAGE_CACHE_SECONDS, as before).
 */
function isrLifeMs(key: string, nextCache: unknown): number {
  const { renderedAt } = state();
  const now = Date.now();
  const shortLife = PAGE_CACHE_SECONDS * 1000;
  if (nextCache === 'MISS' || nextCache === 'STALE') renderedAt.set(key, now);
  if (nextCache === 'STALE') return shortLife;
  const rendered = nextCache === 'MISS' || nextCache === 'HIT' ? renderedAt.get(key) : undefined;
  if (rendered === undefined) return shortLife;
  return Math.max(shortLife, rendered + ISR_PAGE_CACHE_SECONDS * 1000 + spreadMs() - now);
}

/**
 * A random share of PAGE_CACHE_SPREAD_SECONDS added to the life of each long-lived copy (an ISR page of known age,
 * an anonymous search, a public API read), drawn at every store (docs/decisions/058). Without it the copies made
 * together (a cold start, a content change emptying every cache) expired together a minute later, and again every
 * minute: each instance rendered its hundred pages and forty searches in the same few seconds, its event loop
 * busy with them while every other request waited (docs/SCALING.md, 2026-11-27 end of afternoon). Spread, the
 * renders of a minute come one after the other. A content change still empties every copy at once.
 */
function spreadMs(): number {
  return Math.floor(Math.random() * env().PAGE_CACHE_SPREAD_SECONDS * 1000);
}
