import 'server-only';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { isCachedPagePath } from '../observability/security-headers';
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
 */

/** How long an entry is served before Next.js is asked again. Short: it adds at most this much to ISR's 60 s. */
export const PAGE_CACHE_SECONDS = 5;
/** Bounds against many distinct URLs (query strings make new keys): whichever is reached first evicts. */
export const PAGE_CACHE_MAX_ENTRIES = 500;
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
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
  /** As Next.js compressed it for the visitor who filled the entry, else compressed on first demand. */
  gzip: Buffer | undefined;
  etag: string | undefined;
  expiresAt: number;
};

type State = { entries: Map<string, Entry>; bytes: number; hits: number; stores: number };

// On globalThis: Next.js may load this module more than once (instrumentation, route handlers), and a purge from
// any copy must empty the one cache.
const KEY = Symbol.for('quotidienne.page-cache');
const holder = globalThis as typeof globalThis & { [KEY]?: State };

function state(): State {
  holder[KEY] ??= { entries: new Map(), bytes: 0, hits: 0, stores: 0 };
  return holder[KEY];
}

/** Hits answered and pages stored since the start (for /metrics). */
export function pageCacheStats(): { hits: number; stores: number; entries: number; bytes: number } {
  const { hits, stores, entries, bytes } = state();
  return { hits, stores, entries: entries.size, bytes };
}

/** Forgets every page: the next request of each goes to Next.js. */
export function purgePageCache(): void {
  const current = state();
  current.entries.clear();
  current.bytes = 0;
}

/** The query parameter the home page's rewrite reads (next.config.ts): `/?metier=x` is served from /accueil/x. */
const HOME_TRADE_PARAMETER = 'metier';

/**
 * The cache key of a request, or null when its answer must not come from (or go into) the cache.
 *
 * The key is the path alone: Next.js serves one ISR entry per path whatever the query string (filters such as
 * `?format=` are applied in the browser, decision 003), so `?utm_source=…` and the like share the page. The one
 * exception is the home page, which next.config.ts rewrites on `?metier=`.
 */
export function pageCacheKey(request: IncomingMessage): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = request.url;
  if (!url || url.length > MAX_URL_LENGTH || !url.startsWith('/')) return null;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!isCachedPagePath(pathname)) return null;
  for (const name of UNCACHEABLE_REQUEST_HEADERS) if (request.headers[name] !== undefined) return null;
  if (queryStart === -1) return pathname;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  // Next's client router asks the same URL for an RSC payload with `?_rsc=` (and the `rsc` header).
  if (query.has('_rsc')) return null;
  const trade = pathname === '/' ? query.get(HOME_TRADE_PARAMETER) : null;
  return trade === null ? pathname : `/?${HOME_TRADE_PARAMETER}=${encodeURIComponent(trade)}`;
}

function acceptsGzip(request: IncomingMessage): boolean {
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\b)/i.test(accepted);
}

function lookup(key: string, now: number): Entry | undefined {
  const current = state();
  const entry = current.entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= now) {
    remove(key, entry);
    return undefined;
  }
  // Least recently used first in the map's order: a hit moves the entry to the end.
  current.entries.delete(key);
  current.entries.set(key, entry);
  return entry;
}

function remove(key: string, entry: Entry): void {
  const current = state();
  current.entries.delete(key);
  current.bytes -= entrySize(entry);
}

function entrySize(entry: Entry): number {
  return entry.body.length + (entry.gzip?.length ?? 0);
}

/**
 * Answers the request from the cache when it holds a fresh copy of the page; returns false (and touches nothing)
 * otherwise. Called from the HTTP server's `request` event, before Next.js.
 */
export function answerFromPageCache(
  request: IncomingMessage,
  response: ServerResponse,
  now = Date.now(),
): boolean {
  const key = pageCacheKey(request);
  if (key === null) return false;
  const entry = lookup(key, now);
  if (!entry) return false;
  state().hits += 1;
  for (const [name, value] of Object.entries(entry.headers))
    if (value !== undefined) response.setHeader(name, value);
  response.setHeader('x-request-id', requestIdFrom(request.headers['x-request-id']));
  if (entry.etag && request.headers['if-none-match'] === entry.etag) {
    response.statusCode = 304;
    response.removeHeader('content-type');
    response.end();
    return true;
  }
  let body = entry.body;
  if (acceptsGzip(request)) {
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.body);
      state().bytes += entry.gzip.length;
    }
    body = entry.gzip;
    response.setHeader('content-encoding', 'gzip');
  }
  response.statusCode = 200;
  response.setHeader('content-length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
  return true;
}

/** True when Next.js declared this answer the same for every visitor and worth sharing. */
function isShareable(response: ServerResponse): boolean {
  if (response.statusCode !== 200) return false;
  if (response.getHeader('set-cookie') !== undefined) return false;
  const encoding = response.getHeader('content-encoding');
  if (encoding !== undefined && encoding !== 'gzip') return false;
  const type = String(response.getHeader('content-type') ?? '');
  if (!type.startsWith('text/html')) return false;
  const control = String(response.getHeader('cache-control') ?? '');
  return /\bs-maxage=\d+/.test(control) && !/\b(private|no-store|no-cache)\b/.test(control);
}

/**
 * Lets a cacheable request through to Next.js and keeps its answer when Next.js declares it shareable. Next.js is
 * offered gzip alone (or nothing, when the visitor refuses gzip), so the visitor who fills the entry gets compressed
 * bytes like every later one: Lighthouse and a quiet site's readers are that visitor more often than not, and an
 * uncompressed page (170 KB for the home page, 23 KB gzipped) cost a slow phone most of a second. The entry keeps
 * those gzip bytes and their uncompressed form, so it serves either encoding.
 */
export function recordForPageCache(request: IncomingMessage, response: ServerResponse): void {
  const key = pageCacheKey(request);
  if (key === null || request.method !== 'GET') return;
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
    if (tooBig || !isShareable(response)) return;
    const bytes = Buffer.concat(chunks, size);
    if (response.getHeader('content-encoding') !== 'gzip') {
      store(key, response, bytes, undefined);
      return;
    }
    let body: Buffer;
    try {
      body = gunzipSync(bytes, { maxOutputLength: MAX_PAGE_BYTES });
    } catch {
      return; // Bigger than a page we keep once uncompressed, or not gzip after all: not stored.
    }
    store(key, response, body, bytes);
  });
}

function store(key: string, response: ServerResponse, body: Buffer, gzip: Buffer | undefined): void {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
  }
  // However Next.js produced it (rendered now, served stale), what this cache answers is a cached copy.
  headers['x-nextjs-cache'] = 'HIT';
  const etag = response.getHeader('etag');
  const now = Date.now();
  const entry: Entry = {
    headers,
    body,
    gzip,
    etag: typeof etag === 'string' ? etag : undefined,
    expiresAt: now + PAGE_CACHE_SECONDS * 1000,
  };
  const current = state();
  const previous = current.entries.get(key);
  if (previous) remove(key, previous);
  // Pages asked once must not stay until the bounds push them out: drop expired ones at the least recently used end.
  for (const [oldKey, oldEntry] of current.entries) {
    if (oldEntry.expiresAt > now) break;
    remove(oldKey, oldEntry);
  }
  current.entries.set(key, entry);
  current.bytes += entrySize(entry);
  current.stores += 1;
  for (const [oldKey, oldEntry] of current.entries) {
    if (current.entries.size <= PAGE_CACHE_MAX_ENTRIES && current.bytes <= PAGE_CACHE_MAX_BYTES) break;
    remove(oldKey, oldEntry);
  }
}
