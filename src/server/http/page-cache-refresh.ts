import 'server-only';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { isSameSecret } from '../lib/secrets';
import { slotOf } from './page-cache-keys';
import { state } from './page-cache-store';

/**
 * The page cache's background refresh of a stale copy (a request of the server to itself, marked with a
 * per-process token) and the renders in progress that readers of the same page wait for.
 */

/** Marks the server's own refresh requests (with its per-process token): they go to Next.js, never to the cache. */
const REFRESH_HEADER = 'x-page-cache-refresh';

export function isOwnRefresh(request: IncomingMessage): boolean {
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
export function refreshInBackground(request: IncomingMessage): void {
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
