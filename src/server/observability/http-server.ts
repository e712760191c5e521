import 'server-only';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import http from 'node:http';
import net from 'node:net';
import { PATHS } from '@/lib/constants';
import type { HealthAnswer } from '@/lib/contracts/operations';
import { closeDatabase, getDb } from '../db/client';
import { wasDatabaseUnavailableSince } from '../db/reachability';
import { answerGoneArticle } from '../editorial/gone';
import { env } from '../env';
import {
  answerFromPageCache,
  isPageCacheRefresh,
  joinRenderInProgress,
  recordForPageCache,
} from '../http/page-cache';
import { stopJobRunner } from '../jobs/runner';
import { remember, rememberBox } from '../lib/remember';
import { logger } from '../log';
import {
  consumeSearchRateLimit,
  SEARCH_BUSY_MESSAGE,
  SEARCH_BUSY_RETRY_AFTER_SECONDS,
  SEARCH_RATE_LIMIT_MESSAGE,
  SEARCH_STOPPING_MESSAGE,
  SEARCH_STOPPING_RETRY_AFTER_SECONDS,
  searchSlot,
} from '../search/admission';
import { searchedTextLocation } from '../search/params';
import { countCachedSearch, flushSearchCounts } from '../search/query-counts';
import { handOverWaitingSearches, type SlotRelease } from '../search/search-slots';
import { answerRedirect } from '../taxonomy/redirects';
import { observeSearchPage, requestFinished, requestStarted, type SearchPagePart } from './metrics';
import { stopTracing } from './tracing';

/**
 * Hooks into the HTTP server `next start` creates (Next.js exposes no request hook with the answer's status):
 * one JSON log line per request with its id, the metrics, and a graceful stop on SIGTERM.
 */

type State = { servers: Set<Server>; inFlight: number; stopping: boolean; idle: Set<() => void> };

function state(): State {
  return remember<State>('http-server', () => ({
    servers: new Set(),
    inFlight: 0,
    stopping: false,
    idle: new Set(),
  }));
}

/** True once SIGTERM arrived: readiness turns 503 so a load balancer stops sending traffic. */
export function isStopping(): boolean {
  return state().stopping;
}

/** How long a stop waits for requests in flight before closing their connections anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

function observe(server: Server, request: IncomingMessage, response: ServerResponse): void {
  const current = state();
  current.servers.add(server);
  const started = process.hrtime.bigint();
  current.inFlight += 1;
  requestStarted();
  // During a stop, tell keep-alive clients to open their next request elsewhere.
  if (current.stopping) response.setHeader('Connection', 'close');
  correctHeadWhenWritten(response, Date.now());
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    current.inFlight -= 1;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const pathname = safePathname(request.url);
    const cache = response.getHeader('x-nextjs-cache');
    requestFinished({
      method: request.method ?? 'OTHER',
      pathname,
      status: response.statusCode,
      seconds,
      cache: typeof cache === 'string' ? cache : undefined,
    });
    const requestId = response.getHeader('x-request-id');
    logger.info(
      {
        requestId: typeof requestId === 'string' ? requestId : undefined,
        method: request.method,
        path: pathname,
        status: response.statusCode,
        ms: Math.round(seconds * 1000),
        aborted: !response.writableFinished || undefined,
      },
      'request',
    );
    if (current.inFlight === 0) for (const resolve of current.idle) resolve();
  };
  response.once('finish', finish);
  response.once('close', finish);
}

/** Seconds a client is asked to wait before retrying during a database outage (recovery takes under 10 s). */
const OUTAGE_RETRY_AFTER_SECONDS = 10;

/**
 * Two corrections made when the head of an answer is written:
 * - one `Location` where Next.js repeated it (`sendOneLocation`);
 * - a page that failed while PostgreSQL was unreachable (at any moment since the request arrived: the database may
 *   be back by the time the error page is written) is a temporary outage, not a bug: 503 with Retry-After (the
 *   error page Next.js renders stays the body). API calls already answer 503 themselves (api-route.ts).
 */
function correctHeadWhenWritten(response: ServerResponse, requestStartedAt: number): void {
  const writeHead = response.writeHead;
  response.writeHead = function correctedWriteHead(this: ServerResponse, ...args: unknown[]) {
    sendOneLocation(this);
    if (args[0] === 500 && wasDatabaseUnavailableSince(requestStartedAt)) {
      args[0] = 503;
      if (typeof args[1] === 'string') args[1] = 'Service Unavailable';
      this.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    }
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as ServerResponse['writeHead'];
}

/**
 * A redirect that Next.js renders from a page (`redirect()` in `/archives`, the canonical redirects of articles)
 * carries its `Location` header twice, with the same value. Browsers accept that, but clients that join repeated
 * headers (fetch, many HTTP libraries) read "/a, /a" and fail: one header is sent.
 */
export function sendOneLocation(response: Pick<ServerResponse, 'getHeader' | 'setHeader'>): void {
  const location = response.getHeader('location');
  if (Array.isArray(location) && location.length > 1 && location.every((value) => value === location[0])) {
    response.setHeader('location', String(location[0]));
  }
}

/**
 * Leaves the app one client address it can trust, in X-Forwarded-For (what `clientAddress` reads for rate
 * limits): the address `trustedHops` proxies before this server, counting the connection's own address as the
 * last hop. With no trusted proxy it is the connection's address, whatever the client wrote in the header.
 */
export function settleClientAddress(request: IncomingMessage, trustedHops: number): void {
  const forwarded = request.headers['x-forwarded-for'];
  const claimed = trustedHops > 0 && typeof forwarded === 'string' ? forwarded.split(',') : [];
  const chain = [
    ...claimed.map((address) => address.trim()).filter(Boolean),
    request.socket.remoteAddress ?? 'unknown',
  ];
  request.headers['x-forwarded-for'] = chain[Math.max(0, chain.length - 1 - trustedHops)];
  delete request.headers['x-real-ip'];
}

function safePathname(url: string | undefined): string {
  const raw = (url ?? '/').split('?', 1)[0] ?? '/';
  return raw.length > 512 ? raw.slice(0, 512) : raw;
}

/** Installs the request hook once per process: logs and metrics, then the page cache in front of Next.js. */
export function instrumentHttpServers(): void {
  const installed = rememberBox('http-server.installed', false);
  if (installed.value) return;
  installed.value = true;
  const proto = http.Server.prototype;
  const emit = proto.emit;
  proto.emit = function patchedEmit(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      const response = args[1] as ServerResponse;
      settleClientAddress(request, env().TRUSTED_PROXY_HOPS);
      observe(this, request, response);
      if (answerLiveness(request, response)) return true;
      // Redirects: redirected and removed old addresses, from a table in memory.
      if (answerRedirect(request, response)) return true;
      // Newsroom: a withdrawn article's address answers 410 before Next.js.
      if (answerGoneArticle(request, response)) return true;
      // Search: a text longer than a search reads goes to the URL of the text searched, which the page
      // cache keeps.
      if (redirectToSearchedText(request, response)) return true;
      const isSearch = safePathname(request.url) === PATHS.search;
      if (answerCachedPage(request, response)) {
        if (isSearch) timeSearchPart(response, 'cached', process.hrtime.bigint());
        return true;
      }
      // Search: a search page about to run counts against its address's search rate limit first, then
      // waits for one of the process's search slots.
      if (isSearch && !isPageCacheRefresh(request)) {
        void serveSearchPage(request, response, () => Reflect.apply(emit, this, [event, ...args]));
        return true;
      }
      if (isSearch) timeSearchPart(response, 'refresh', process.hrtime.bigint());
      recordForPageCache(request, response);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as Server['emit'];
}

const LIVENESS_PATH = '/api/health/live';
/** The liveness probe's answer (src/app/api/health/live/route.ts answers the same when called without the hook). */
const LIVENESS_BODY = JSON.stringify({ status: 'ok' } satisfies HealthAnswer);

/**
 * GET /api/health/live, answered here in the request event itself rather than after Next.js's routing: liveness
 * says that the process's event loop turns, and its answer should wait for nothing else (under four clients
 * searching, Next's pipeline for this route went through several turns of the loop, each behind the pages being
 * rendered; docs/SEARCH.md, "Liveness (2026-11-27)"). It never looks at the database.
 */
function answerLiveness(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (safePathname(request.url) !== LIVENESS_PATH) return false;
  response.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(LIVENESS_BODY),
  });
  response.end(request.method === 'HEAD' ? undefined : LIVENESS_BODY);
  return true;
}

/**
 * A /search URL whose text is longer than a search reads (src/server/search/params.ts) answers 307 to the same URL
 * with the text searched. Without it every request for a pasted paragraph was rendered again: the page cache keeps
 * only texts a search reads whole.
 */
function redirectToSearchedText(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (safePathname(request.url) !== PATHS.search) return false;
  const location = searchedTextLocation(request.url ?? '');
  if (!location) return false;
  response.writeHead(307, { location, 'cache-control': 'no-store', 'content-length': 0 });
  response.end();
  return true;
}

/** Answers from the page cache when it holds the page; a search page is counted as if it had run. */
function answerCachedPage(request: IncomingMessage, response: ServerResponse): boolean {
  const cached = answerFromPageCache(request, response);
  if (!cached) return false;
  // The search did not run for this reader: count it for the frequent searches as it would have (unless this
  // answer started a refresh, whose search counts it).
  if (!cached.refreshed && safePathname(request.url) === PATHS.search)
    countCachedSearch(request.url ?? '', request.headers['x-forwarded-for']?.toString());
  return true;
}

const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/** Records a search page's part from `started` to the end of its answer (or of its connection). */
function timeSearchPart(response: ServerResponse, part: SearchPagePart, started: bigint): void {
  response.once('close', () => observeSearchPage(part, secondsSince(started)));
}

/** How many renders of the same search a request waits for before rendering its own (each may store nothing). */
const SAME_SEARCH_WAITS = 2;

/**
 * A search page not in the page cache: it waits for the same search being rendered for another reader, if one is,
 * and gets that copy; else it is admitted (rate limit, search slot) and, unless the page was stored meanwhile,
 * rendered by Next.js (`render`).
 */
async function serveSearchPage(
  request: IncomingMessage,
  response: ServerResponse,
  render: () => void,
): Promise<void> {
  for (let wait = 0; wait < SAME_SEARCH_WAITS; wait += 1) {
    const sameSearch = joinRenderInProgress(request, response);
    if (!sameSearch) break;
    const joined = process.hrtime.bigint();
    await sameSearch;
    observeSearchPage('same-search', secondsSince(joined));
    if (response.writableEnded || request.socket.destroyed) return;
    if (answerCachedPage(request, response)) return;
  }
  if (!(await admitSearchPage(request, response))) return;
  // While it waited for its slot, the same page may have been rendered for another reader.
  if (answerCachedPage(request, response)) return;
  recordForPageCache(request, response);
  timeSearchPart(response, 'render', process.hrtime.bigint());
  render();
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

function waitForIdle(timeoutMs: number): Promise<void> {
  const current = state();
  if (current.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      current.idle.delete(done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    current.idle.add(done);
  });
}

/**
 * How long a SIGTERM stop leaves the proxy's idle keep-alive connections open for the proxy to close them itself.
 * Closing one here races a request the proxy may be sending on it at that moment, which the proxy cannot retry
 * when it is a POST (a 502 in the rolling restart of bench/scale). `deploy/nginx.conf` closes its idle upstream
 * connections after 4 s (`keepalive_timeout`, below Node's own 5 s), so after this long none is left.
 */
export const KEEP_ALIVE_DRAIN_MS = 6_000;

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}

/** Resolves once no connection is open on the servers, or after `timeoutMs`. */
async function waitForConnectionsClosed(servers: Iterable<Server>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const counts = await Promise.all([...servers].map(openConnections));
    if (counts.every((count) => count === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Stop accepting connections, let requests in flight finish, write the pending counts, close the database, exit.
 * On SIGTERM (a deployment) the keep-alive connections are left to the proxy for `KEEP_ALIVE_DRAIN_MS`, each
 * answer on them saying `Connection: close`; on SIGINT (Ctrl-C in a terminal) they close at once.
 */
export async function gracefulStop(signal: NodeJS.Signals): Promise<void> {
  const current = state();
  if (current.stopping) return;
  current.stopping = true;
  logger.info({ signal, inFlight: current.inFlight }, 'arrêt demandé : fin des requêtes en cours');
  for (const server of current.servers) {
    // net.Server's close stops listening only: http.Server's would also close the idle keep-alive connections.
    net.Server.prototype.close.call(server);
    if (signal !== 'SIGTERM') server.closeIdleConnections();
  }
  // The searches still waiting for a slot have written nothing: they go elsewhere now rather than wait behind the
  // ones in progress, which could outlast the grace below (docs/decisions/046).
  const handedOver = handOverWaitingSearches();
  if (handedOver > 0) logger.info({ handedOver }, 'recherches en attente rendues au proxy');
  await waitForIdle(SHUTDOWN_GRACE_MS);
  if (signal === 'SIGTERM') {
    await waitForConnectionsClosed(current.servers, KEEP_ALIVE_DRAIN_MS);
    // A request the proxy sent on a kept connection during the drain gets its answer too.
    await waitForIdle(SHUTDOWN_GRACE_MS);
  }
  for (const server of current.servers) server.closeAllConnections();
  await Promise.all([flushSearchCounts(), stopJobRunner()]);
  await closeDatabase().catch((error: unknown) =>
    logger.error({ err: error }, 'fermeture de la base impossible'),
  );
  await stopTracing().catch((error: unknown) => logger.error({ err: error }, 'envoi des traces impossible'));
  logger.info('arrêt terminé');
  process.exit(0);
}

/** SIGTERM and SIGINT stop gracefully (Next's own handler is off: NEXT_MANUAL_SIG_HANDLE, scripts/start.ts). */
export function handleStopSignals(): void {
  const installed = rememberBox('stop-signals', false);
  if (installed.value) return;
  installed.value = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void gracefulStop(signal));
}
