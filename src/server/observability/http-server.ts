import 'server-only';
import type { Server } from 'node:http';
import net from 'node:net';
import { closeDatabase } from '../db/client';
import { stopJobRunner } from '../jobs/runner';
import { remember, rememberBox } from '../lib/remember';
import { logger } from '../log';
import { flushSearchCounts } from '../search/query-counts';
import { handOverWaitingSearches } from '../search/search-slots';
import { stopTracing } from './tracing';

/**
 * The servers of this process and their requests in flight (counted by the request log step), and their graceful
 * stop on SIGTERM.
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
const SHUTDOWN_GRACE_MS = 10_000;

/** Remembers a server of this process, which a graceful stop closes. */
export function trackServer(server: Server): void {
  state().servers.add(server);
}

/** Counts a request in flight until the returned function is called (once), which a graceful stop waits for. */
export function requestInFlight(): () => void {
  const current = state();
  current.inFlight += 1;
  let over = false;
  return () => {
    if (over) return;
    over = true;
    current.inFlight -= 1;
    if (current.inFlight === 0) for (const resolve of current.idle) resolve();
  };
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
const KEEP_ALIVE_DRAIN_MS = 6_000;

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
async function gracefulStop(signal: NodeJS.Signals): Promise<void> {
  const current = state();
  if (current.stopping) return;
  current.stopping = true;
  logger.info({ signal, inFlight: current.inFlight }, 'arrêt demandé : fin des requêtes en cours');
  // net.Server's close stops listening only: http.Server's would also close the idle keep-alive connections.
  const { prototype: listeningSocket } = net.Server;
  for (const server of current.servers) {
    listeningSocket.close.call(server);
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

/** SIGTERM and SIGINT stop gracefully (installed by our server entry, scripts/serve.ts). */
export function handleStopSignals(): void {
  const installed = rememberBox('stop-signals', false);
  if (installed.value) return;
  installed.value = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void gracefulStop(signal));
}
