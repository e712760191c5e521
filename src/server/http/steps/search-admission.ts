import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PATHS } from '@/lib/constants';
import { getDb } from '../../db/client';
import { env } from '../../env';
import { logger } from '../../log';
import { observeSearchPage, timeSearchPagePart } from '../../observability/metrics';
import {
  consumeSearchRateLimit,
  SEARCH_BUSY_MESSAGE,
  SEARCH_BUSY_RETRY_AFTER_SECONDS,
  SEARCH_RATE_LIMIT_MESSAGE,
  SEARCH_STOPPING_MESSAGE,
  SEARCH_STOPPING_RETRY_AFTER_SECONDS,
  searchSlot,
} from '../../search/admission';
import type { SlotRelease } from '../../search/search-slots';
import { isPageCacheRefresh, joinRenderInProgress } from '../page-cache-refresh';
import { pathnameOf, type RequestStep } from '../request-step';
import { answerCachedPage } from './page-cache-answer';

const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/** How many renders of the same search a request waits for before rendering its own (each may store nothing). */
const SAME_SEARCH_WAITS = 2;

/**
 * A search page not in the page cache: it waits for the same search being rendered for another reader, if one is,
 * and gets that copy; else it is admitted (rate limit, search slot) and, unless the page was stored meanwhile,
 * goes on to be rendered (false). True when it was answered here (a copy, a refusal, a closed connection).
 */
async function serveSearchPage(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  for (let wait = 0; wait < SAME_SEARCH_WAITS; wait += 1) {
    const sameSearch = joinRenderInProgress(request, response);
    if (!sameSearch) break;
    const joined = process.hrtime.bigint();
    await sameSearch;
    observeSearchPage('same-search', secondsSince(joined));
    if (response.writableEnded || request.socket.destroyed) return true;
    if (answerCachedPage(request, response, true)) return true;
  }
  if (!(await admitSearchPage(request, response))) return true;
  // While it waited for its slot, the same page may have been rendered for another reader. Only a fresh copy: the
  // copy a content change made outdated, which sent this request here to render the new version, is stale (served
  // it, the request rendered nothing and the search showed the change only once that copy had gone, past 5 s).
  if (answerCachedPage(request, response, true)) return true;
  timeSearchPagePart(response, 'render');
  return false;
}

/**
 * Counts a search page against its address's rate limit (over it: 429 with Retry-After and a short French page),
 * then waits for a search slot (src/server/search/search-slots.ts), held until the answer is sent; with the queue
 * full, 503 with Retry-After. Returns whether the page may be rendered. A failed count lets the page through: the
 * limit protects, it must not break search when the counter cannot be written.
 */
async function admitSearchPage(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  try {
    const address = String(request.headers['x-forwarded-for'] ?? 'unknown');
    const counting = process.hrtime.bigint();
    const state = await consumeSearchRateLimit(await getDb(), address);
    observeSearchPage('rate-limit', secondsSince(counting));
    if (!state.allowed) {
      refuseSearchPage(response, 429, SEARCH_RATE_LIMIT_MESSAGE, state.retryAfterSeconds);
      return false;
    }
  } catch (error) {
    logger.warn({ err: error }, 'Limite de recherches non comptée');
  }
  const slot = searchSlot();
  if (!slot) {
    refuseSearchPage(response, 503, SEARCH_BUSY_MESSAGE, SEARCH_BUSY_RETRY_AFTER_SECONDS);
    return false;
  }
  // Released when the answer is sent or the connection closes, also while still waiting for the slot.
  let release: SlotRelease | null | undefined;
  let closed = false;
  response.once('close', () => {
    closed = true;
    release?.();
  });
  const waiting = process.hrtime.bigint();
  release = await slot;
  observeSearchPage('slot-wait', secondsSince(waiting));
  if (closed) {
    release?.();
    return false;
  }
  if (!release) {
    handOverSearchPage(request, response);
    return false;
  }
  return true;
}

/**
 * A search page this process will not start because it stops (search-slots.ts, `handOverWaitingSearches`;
 * docs/decisions/046). Behind a proxy (TRUSTED_PROXY_HOPS > 0) its connection is closed before any byte of an
 * answer: nginx sends the GET to the other instance at once (`proxy_next_upstream error`, deploy/nginx.conf),
 * which a 503 would not do without making every 503 a failed instance. A client talking to this process directly
 * gets an honest 503 with Retry-After.
 */
function handOverSearchPage(request: IncomingMessage, response: ServerResponse): void {
  if (env().TRUSTED_PROXY_HOPS > 0) {
    request.socket.destroy();
    return;
  }
  response.setHeader('connection', 'close');
  refuseSearchPage(response, 503, SEARCH_STOPPING_MESSAGE, SEARCH_STOPPING_RETRY_AFTER_SECONDS);
}

/** The page title of each refusal, by its message. */
const REFUSAL_TITLES = {
  [SEARCH_RATE_LIMIT_MESSAGE]: 'Trop de recherches',
  [SEARCH_BUSY_MESSAGE]: 'Recherche très sollicitée',
  [SEARCH_STOPPING_MESSAGE]: 'Service en cours de redémarrage',
} as const;

function refuseSearchPage(
  response: ServerResponse,
  status: 429 | 503,
  message: keyof typeof REFUSAL_TITLES,
  retryAfterSeconds: number,
): void {
  const title = REFUSAL_TITLES[message];
  const body = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>${title}</title><p>${message}</p></html>`;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'retry-after': String(retryAfterSeconds),
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

/**
 * Search pages about to run count against their address's search rate limit, then wait for one of the process's
 * search slots; the server's own background refresh of a cached search is neither limited nor queued.
 */
export const searchAdmissionStep: RequestStep = {
  name: 'search admission and rate limit',
  run(request, response) {
    if (pathnameOf(request.url) !== PATHS.search) return false;
    if (isPageCacheRefresh(request)) {
      timeSearchPagePart(response, 'refresh');
      return false;
    }
    return serveSearchPage(request, response);
  },
};
