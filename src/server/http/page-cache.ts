import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { hasSession, slotOf } from './page-cache-keys';
import { answerWithFreshNonce } from './page-cache-nonce';
import { isOwnRefresh, refreshInBackground } from './page-cache-refresh';
import {
  acceptsGzip,
  EDGE_CACHE_HEADER,
  type Entry,
  isFresh,
  lookup,
  ORIGIN_HEADER,
  resize,
  type Slot,
  state,
} from './page-cache-store';
import { requestIdFrom } from './request-id';

/**
 * The page cache in front of Next.js (docs/decisions/006-in-process-page-cache.md).
 *
 * Next.js keeps the anonymous news pages in its own cache (ISR, decision 003), but answering a hit still runs its
 * whole request pipeline (routing, the proxy, the cache lookup, header building): about 500 pages/s on one core.
 * This cache keeps, for a few seconds, the exact bytes and headers Next.js answered for a cached page, and answers
 * the next requests for that URL from the page cache step of the request pipeline (pipeline.ts), before Next.js
 * sees them.
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
 * single article as a visitor without a session reads it, as long too. A content change refreshes the copies that
 * carry one of its tags, on every instance (decision 073; a publication or a correction marks them outdated,
 * decision 076). Query values a page does not use never get an entry of their own (page-cache-keys.ts).
 *
 * Every HTML answer gets a CSP nonce of its own (decision 004), without nginx: at store time the cache notes every
 * place the page's nonce occupies in its body, and each answer writes a fresh one over all of them and into the
 * policy. Cached pages are rendered by Next.js with the build's cache nonce, so their first answer, the one
 * Next.js gives, is held back whole and rewritten the same way before it leaves; so is the first answer of a page
 * rendered per request, which also leaves, as every page held back, with its framework scripts after its largest
 * paint (scripts-after-paint.ts, decision 068). Compressed answers are assembled
 * from pieces compressed once, between the nonce's places (`gzipPieces`): no page is compressed per answer.
 *
 * Modules, by mechanism: this one answers from a copy; page-cache-store.ts keeps the copies and their freshness,
 * page-cache-keys.ts says where a request's copy is kept, page-cache-capture.ts records Next's answers,
 * page-cache-nonce.ts renews the nonce (the gzip splice included), page-cache-refresh.ts refreshes stale copies,
 * page-cache-copy-tags.ts says what a copy shows (its content tags) and page-cache-purge.ts refreshes the copies a
 * content change names.
 */

/**
 * Answers the request from the cache when it holds a copy of the page, fresh or (while it is refreshed in the
 * background) stale; returns false, touching nothing, otherwise. `refreshed` is true when this answer started a
 * background refresh: that refresh is the request Next.js sees. Called from the HTTP server's `request` event,
 * before Next.js. `freshOnly`: only a copy still fresh (stored meanwhile by another request's render), never a
 * stale one, and nothing touched otherwise.
 */
export function answerFromPageCache(
  request: IncomingMessage,
  response: ServerResponse,
  now = Date.now(),
  freshOnly = false,
): false | { refreshed: boolean } {
  const slot = slotOf(request);
  if (slot === null || isOwnRefresh(request)) return false;
  if (freshOnly && !isFresh(slot, now)) return false;
  const found = lookup(slot, now);
  if (!found) return false;
  const { entry, refresh } = found;
  if (refresh) refreshInBackground(request);
  answerWith(request, response, slot, entry, entry.expiresAt <= now ? 'STALE' : 'HIT');
  return { refreshed: refresh };
}

function answerWith(
  request: IncomingMessage,
  response: ServerResponse,
  slot: Slot,
  entry: Entry,
  origin: 'HIT' | 'STALE',
): void {
  state().hits += 1;
  for (const [name, value] of Object.entries(entry.headers))
    if (value !== undefined) response.setHeader(name, value);
  // After the stored headers: nginx before 1.23 must read X-Accel-Expires first (offerToEdgeCache).
  if (!hasSession(request)) response.setHeader(ORIGIN_HEADER, origin);
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

function send(request: IncomingMessage, response: ServerResponse, body: Buffer): void {
  response.setHeader('content-length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}
