import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { noteUntaggedPage } from '../cache/page-tags';
import { pageRendered } from '../observability/metrics';
import { beforeHeadWritten, headersGivenToWriteHead, holdBack, recordBody } from './answer-capture';
import { hasSession, isReaderRoute, slotOf, UNCACHEABLE_REQUEST_HEADERS } from './page-cache-keys';
import { answerWithFreshNonce, compressInBackground, offsetsOf, policyNonce } from './page-cache-nonce';
import {
  acceptsGzip,
  EDGE_CACHE_HEADER,
  isLongShared,
  MAX_PAGE_BYTES,
  newEntry,
  ORIGIN_HEADER,
  pathOf,
  SHARED_PAGE_CACHE_SECONDS,
  type Slot,
  type StoredNonce,
  store,
  wasAskedInGzip,
} from './page-cache-store';
import { isCachedPagePath, RENDERED_PAGE_PATHS } from './route-table';
import { withScriptsAfterPaint } from './scripts-after-paint';

/**
 * What the page cache keeps of Next's answers: public reads recorded as they leave, reader pages held back whole
 * (answer-capture.ts) and sent with their scripts after the paint and a nonce of their own.
 */

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
  beforeHeadWritten(response, (answer, args) => {
    if (!isPlainAnswer(answer, type) || !isPlainAddition(args, type)) answer.removeHeader(EDGE_CACHE_HEADER);
  });
}

/** True when headers given to `writeHead` set no cookie and no other type than `type`. */
function isPlainAddition(args: unknown[], type: string): boolean {
  return headersGivenToWriteHead(args).every(([name, value]) => {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie') return false;
    return lower !== 'content-type' || String(value).startsWith(type);
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
  // After the edge cache header, which nginx before 1.23 must read first.
  reportOrigin(request, response, slot);
  if (isHeldBack(request)) {
    holdBackPage(request, response, slot);
    return;
  }
  if (slot?.store.kind !== 'reads' || request.method !== 'GET') return;
  if (acceptsGzip(request)) request.headers['accept-encoding'] = 'gzip';
  else delete request.headers['accept-encoding'];
  const recorder = recordBody(response, MAX_PAGE_BYTES);
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

/**
 * Holds Next's answer of a cached page back until it is complete (answer-capture.ts), then sends it with a fresh
 * nonce (and keeps it when it may be shared). An answer larger than any page of ours is let through unchanged
 * (with the build's nonce, consistent in header and body).
 */
function holdBackPage(request: IncomingMessage, response: ServerResponse, slot: Slot | null): void {
  const gzipWanted = acceptsGzip(request);
  delete request.headers['accept-encoding'];
  holdBack(response, HELD_BACK_MAX_BYTES, (body) =>
    answerHeldBack(request, response, slot, body, gzipWanted),
  );
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
  const kept = slot !== null && page.length <= MAX_PAGE_BYTES && isKept(slot, response, nonce);
  const replacesGzipCopy = kept && wasAskedInGzip(slot);
  const entry = kept ? store(slot, response, page, { nonce }) : undefined;
  // A refresh that replaced a copy readers asked in gzip: its pieces are compressed off the event loop.
  if (entry && replacesGzipCopy) compressInBackground(slot, entry, nonce);
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

/**
 * A reader page or public read on its way to Next.js: its answer says MISS (the page cache may keep it) or BYPASS
 * (it never does), unless the request has a session; and once sent, it counts in page_renders_total unless Next.js
 * answered it from its ISR copy (`x-nextjs-cache: HIT`).
 */
function reportOrigin(request: IncomingMessage, response: ServerResponse, slot: Slot | null): void {
  const pathname = pathOf(request.url ?? '');
  // Every ISR page Next.js serves (client navigation included) is refreshed by content changes: by its recorded
  // tags, or by every change when its render recorded none (docs/decisions/073-content-tags.md). Only pages that
  // exist: a crawler's made-up addresses must not fill the map.
  if (request.method === 'GET' && isCachedPagePath(pathname))
    response.once('finish', () => {
      if (response.statusCode === 200) noteUntaggedPage(pathname);
    });
  if (!isReaderRoute(pathname)) return;
  if (!hasSession(request)) response.setHeader(ORIGIN_HEADER, slot === null ? 'BYPASS' : 'MISS');
  response.once('finish', () => {
    if (response.getHeader('x-nextjs-cache') !== 'HIT') pageRendered(pathname);
  });
}
