import 'server-only';
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import { isNewsroomPath } from '@/lib/newsroom-paths';
import { freshNonce, isCachedPagePath } from '../observability/security-headers';
import { requestIdFrom } from './request-id';

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
 * by request headers. A stale entry is never served: past its life the request goes to Next.js, which refreshes it.
 *
 * A second, smaller store keeps the pages rendered per request whose HTML depends on their URL alone (search
 * results, agenda), keyed by the whole URL, for the same few seconds their data is shared anyway (`sharedRead`).
 * They carry a per-request CSP nonce, so each answer gets a fresh one, written over every copy of the old one in
 * the body and in the policy: the cached bytes never hand out a nonce twice. A third keeps the answers of the
 * public API reads (news lists, issue, suggestions), which are the same for every visitor. Pages and reads built
 * from shared data may so be up to twice PAGE_CACHE_SECONDS old; a content change empties everything at once.
 */

/** How long an entry is served before Next.js is asked again. Short: it adds at most this much to ISR's 60 s. */
export const PAGE_CACHE_SECONDS = 5;
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
/** Rendered per request from their URL alone (and data shared for PAGE_CACHE_SECONDS): no session, no cookie. */
const RENDERED_PAGE_PATHS = new Set(['/search', '/agenda']);
/** Public API reads, already computed once per PAGE_CACHE_SECONDS (`sharedRead`): their answers are kept too. */
const SHARED_READ_PATHS = new Set(['/api/article/summary', '/api/issue', '/api/search/suggest']);
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
  /**
   * As Next.js compressed it for the visitor who filled the entry, else compressed on first demand (never for a
   * renewed nonce: the bytes change per answer).
   */
  gzip: Buffer | undefined;
  etag: string | undefined;
  expiresAt: number;
  /** When a request went to Next.js for a fresh copy of this expired entry, if one did. */
  refreshingSince: number | undefined;
  /** Pages rendered per request: their nonce and where it sits in the body, rewritten in every answer. */
  nonce?: { value: string; offsets: number[] };
};

/**
 * What a store keeps: cached pages (ISR, one entry per path), pages rendered per request (their nonce renewed)
 * and public API reads (JSON), the last two keyed by the whole URL.
 */
type Kind = 'cached' | 'rendered' | 'reads';
/** Entries in least-recently-used order (a hit moves its entry to the end), with their total size and bounds. */
type Store = { kind: Kind; entries: Map<string, Entry>; bytes: number; maxEntries: number; maxBytes: number };
type State = { stores: Record<Kind, Store>; hits: number; stored: number; refreshToken: string };

// On globalThis: Next.js may load this module more than once (instrumentation, route handlers), and a purge from
// any copy must empty the one cache.
const KEY = Symbol.for('quotidienne.page-cache');
const holder = globalThis as typeof globalThis & { [KEY]?: State };

function emptyStore(kind: Kind, maxEntries: number, maxBytes: number): Store {
  return { kind, entries: new Map(), bytes: 0, maxEntries, maxBytes };
}

function state(): State {
  holder[KEY] ??= {
    stores: {
      cached: emptyStore('cached', PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_MAX_BYTES),
      rendered: emptyStore('rendered', RENDERED_PAGE_CACHE_MAX_ENTRIES, RENDERED_PAGE_CACHE_MAX_BYTES),
      reads: emptyStore('reads', SHARED_READ_CACHE_MAX_ENTRIES, SHARED_READ_CACHE_MAX_BYTES),
    },
    hits: 0,
    stored: 0,
    refreshToken: randomBytes(16).toString('hex'),
  };
  return holder[KEY];
}

/** Hits answered and answers stored since the start, and what the stores hold now (for /metrics). */
export function pageCacheStats(): { hits: number; stores: number; entries: number; bytes: number } {
  const { hits, stored, stores } = state();
  const all = Object.values(stores);
  return {
    hits,
    stores: stored,
    entries: all.reduce((sum, store) => sum + store.entries.size, 0),
    bytes: all.reduce((sum, store) => sum + store.bytes, 0),
  };
}

/** Forgets every answer: the next request of each goes to Next.js. */
export function purgePageCache(): void {
  for (const store of Object.values(state().stores)) {
    store.entries.clear();
    store.bytes = 0;
  }
}

/** The query parameter the home page's rewrite reads (next.config.ts): `/?metier=x` is served from /accueil/x. */
const HOME_TRADE_PARAMETER = 'metier';

type Slot = { store: Store; key: string };

/**
 * Where a request's answer is kept, or null when it must not come from (or go into) the cache.
 *
 * For a cached page the key is the path alone: Next.js serves one ISR entry per path whatever the query string
 * (filters such as `?format=` are applied in the browser, decision 003), so `?utm_source=…` and the like share the
 * page. The one exception is the home page, which next.config.ts rewrites on `?metier=`. A page rendered per
 * request is rendered from its query string: its key is the whole URL.
 */
function slotOf(request: IncomingMessage): Slot | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = request.url;
  if (!url || url.length > MAX_URL_LENGTH || !url.startsWith('/')) return null;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  // Newsroom (issue 14): staff answers are never kept, whatever the lists below come to hold.
  if (isNewsroomPath(pathname)) return null;
  const kind: Kind | null = RENDERED_PAGE_PATHS.has(pathname)
    ? 'rendered'
    : SHARED_READ_PATHS.has(pathname)
      ? 'reads'
      : isCachedPagePath(pathname)
        ? 'cached'
        : null;
  if (kind === null) return null;
  for (const name of UNCACHEABLE_REQUEST_HEADERS) if (request.headers[name] !== undefined) return null;
  const query = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  // Next's client router asks the same URL for an RSC payload with `?_rsc=` (and the `rsc` header).
  if (query.has('_rsc')) return null;
  if (kind !== 'cached') return { store: state().stores[kind], key: url };
  const trade = pathname === '/' ? query.get(HOME_TRADE_PARAMETER) : null;
  const key = trade === null ? pathname : `/?${HOME_TRADE_PARAMETER}=${encodeURIComponent(trade)}`;
  return { store: state().stores.cached, key };
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
      remove(store, key, entry);
      return undefined;
    }
    refresh = entry.refreshingSince === undefined || now - entry.refreshingSince >= REFRESH_TIMEOUT_MS;
    if (refresh) entry.refreshingSince = now;
  }
  // Least recently used first in the map's order: a hit moves the entry to the end.
  store.entries.delete(key);
  store.entries.set(key, entry);
  return { entry, refresh };
}

function remove(store: Store, key: string, entry: Entry): void {
  store.entries.delete(key);
  store.bytes -= entrySize(entry);
}

function entrySize(entry: Entry): number {
  return entry.body.length + (entry.gzip?.length ?? 0);
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
  if (entry.etag && request.headers['if-none-match'] === entry.etag) {
    response.statusCode = 304;
    response.removeHeader('content-type');
    response.end();
    return;
  }
  response.statusCode = 200;
  if (entry.nonce) {
    answerWithFreshNonce(request, response, entry, entry.nonce);
    return;
  }
  let body = entry.body;
  if (acceptsGzip(request)) {
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.body);
      slot.store.bytes += entry.gzip.length;
    }
    body = entry.gzip;
    response.setHeader('content-encoding', 'gzip');
  }
  send(request, response, body);
}

function isOwnRefresh(request: IncomingMessage): boolean {
  return request.headers[REFRESH_HEADER] === state().refreshToken;
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
 * A page rendered per request, answered with a nonce of its own: written over each place the stored nonce held
 * in the body and in the policy. Compressed off the main thread, since these bytes are new for every answer.
 */
function answerWithFreshNonce(
  request: IncomingMessage,
  response: ServerResponse,
  entry: Entry,
  stored: NonNullable<Entry['nonce']>,
): void {
  const nonce = freshNonce();
  const policy = String(entry.headers['content-security-policy']);
  response.setHeader(
    'content-security-policy',
    policy.replaceAll(`'nonce-${stored.value}'`, `'nonce-${nonce}'`),
  );
  if (!acceptsGzip(request)) {
    // The stored bytes around the new nonce, written together: no copy of the page per answer.
    response.setHeader('content-length', entry.body.length);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const fresh = Buffer.from(nonce, 'latin1');
    response.cork();
    let from = 0;
    for (const offset of stored.offsets) {
      response.write(entry.body.subarray(from, offset));
      response.write(fresh);
      from = offset + fresh.length;
    }
    response.end(entry.body.subarray(from));
    return;
  }
  const body = Buffer.from(entry.body);
  for (const offset of stored.offsets) body.write(nonce, offset, 'latin1');
  gzip(body, (error, compressed) => {
    if (error) {
      send(request, response, body);
      return;
    }
    response.setHeader('content-encoding', 'gzip');
    send(request, response, compressed);
  });
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

/**
 * Where the nonce of a page rendered per request sits in its body, or null when the page cannot be kept: no
 * nonce in its policy, or one that is not a fresh nonce's length (renewal writes a new one in place).
 */
function nonceOf(response: ServerResponse, body: Buffer): Entry['nonce'] | null {
  const value = /'nonce-([A-Za-z0-9+/=]+)'/.exec(
    String(response.getHeader('content-security-policy') ?? ''),
  )?.[1];
  if (!value || value.length !== FRESH_NONCE_LENGTH) return null;
  const offsets: number[] = [];
  for (let at = body.indexOf(value); at !== -1; at = body.indexOf(value, at + value.length)) offsets.push(at);
  return offsets.length > 0 ? { value, offsets } : null;
}

/**
 * Lets a cacheable request through to Next.js and keeps its answer when it may be shared. Next.js is offered gzip
 * alone (or nothing, when the visitor refuses gzip), so the visitor who fills an entry gets compressed bytes like
 * every later one: on a quiet site, and in Lighthouse, that visitor is most visitors, and an uncompressed home page
 * (170 KB, 23 KB gzipped) costs a slow phone most of a second. The entry keeps the uncompressed form too, so it
 * serves either encoding.
 */
export function recordForPageCache(request: IncomingMessage, response: ServerResponse): void {
  const slot = slotOf(request);
  if (slot === null || request.method !== 'GET') return;
  if (acceptsGzip(request)) request.headers['accept-encoding'] = 'gzip';
  else delete request.headers['accept-encoding'];
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (tooBig || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) tooBig = true;
    else chunks.push(buffer);
  };
  const write = response.write;
  const end = response.end;
  response.write = function recordWrite(this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return Reflect.apply(write, this, args) as boolean;
  } as ServerResponse['write'];
  response.end = function recordEnd(this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return Reflect.apply(end, this, args) as ServerResponse;
  } as ServerResponse['end'];
  response.once('finish', () => {
    if (tooBig) return;
    const sent = Buffer.concat(chunks, size);
    const encoding = response.getHeader('content-encoding');
    const gzipped = encoding === 'gzip' ? sent : undefined;
    let body = sent;
    if (gzipped) {
      try {
        body = gunzipSync(gzipped, { maxOutputLength: MAX_PAGE_BYTES });
      } catch {
        return; // Bigger than a page we keep once uncompressed, or not gzip after all: not kept.
      }
    } else if (encoding !== undefined) {
      return;
    }
    switch (slot.store.kind) {
      case 'cached':
        if (isShareable(response)) store(slot, response, body, { gzip: gzipped });
        return;
      case 'reads':
        if (isPlainAnswer(response, 'application/json')) store(slot, response, body, { gzip: gzipped });
        return;
      case 'rendered': {
        // Its bytes change with every answer's nonce: only the uncompressed form is kept.
        const nonce = isPlainAnswer(response, 'text/html') ? nonceOf(response, body) : null;
        if (nonce) store(slot, response, body, { nonce });
      }
    }
  });
}

function store(
  { store: target, key }: Slot,
  response: ServerResponse,
  body: Buffer,
  { gzip: gzipped, nonce }: { gzip?: Buffer; nonce?: Entry['nonce'] },
): void {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
  }
  // However Next.js produced it (rendered now, served stale), what this cache answers is a cached copy.
  if (target.kind === 'cached') headers['x-nextjs-cache'] = 'HIT';
  // A renewed nonce changes the bytes of every answer: no validator applies to them.
  if (nonce) delete headers.etag;
  const etag = headers.etag;
  const now = Date.now();
  const entry: Entry = {
    headers,
    body,
    gzip: gzipped,
    etag: typeof etag === 'string' ? etag : undefined,
    expiresAt: now + PAGE_CACHE_SECONDS * 1000,
    refreshingSince: undefined,
    nonce,
  };
  const previous = target.entries.get(key);
  if (previous) remove(target, key, previous);
  // Pages asked once must not stay until the bounds push them out: drop dead ones at the least recently used end.
  for (const [oldKey, oldEntry] of target.entries) {
    if (oldEntry.expiresAt + PAGE_CACHE_STALE_SECONDS * 1000 > now) break;
    remove(target, oldKey, oldEntry);
  }
  target.entries.set(key, entry);
  target.bytes += entrySize(entry);
  state().stored += 1;
  for (const [oldKey, oldEntry] of target.entries) {
    if (target.entries.size <= target.maxEntries && target.bytes <= target.maxBytes) break;
    remove(target, oldKey, oldEntry);
  }
}
