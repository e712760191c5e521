import 'server-only';
import type pg from 'pg';
import { rememberBox } from '../lib/remember';

/**
 * Whether PostgreSQL answered the last connection attempt, and when it last failed a request. A page that fails to
 * render while the database is unreachable, or after a statement ran out of its time budget, is answered 503 with
 * Retry-After instead of 500 (src/server/observability/http-server.ts): the outage is temporary and says so to
 * browsers, crawlers and load balancers. PGlite lives in the process and is never unreachable.
 */

// One per process: the pool is opened by one copy of the client module, the HTTP hook reads from another.
const unreachable = rememberBox('database.unreachable', false);
/** When the database last failed a request: lost or refused connection, statement over its time budget (ms). */
const lastFailureAt = rememberBox('database.last-failure-at', 0);

export function isDatabaseUnreachable(): boolean {
  return unreachable.value;
}

/**
 * Whether the database was unreachable, or failed a statement for want of time, at any moment since `sinceMs`. A
 * page that failed in an outage may write its 500 after another request's connection already succeeded again:
 * what it met is what counts. (A bug's 500 in a request that overlapped such a failure is answered 503 too.)
 */
export function wasDatabaseUnavailableSince(sinceMs: number): boolean {
  return unreachable.value || lastFailureAt.value >= sinceMs;
}

export function noteConnectionAttempt(error: unknown): void {
  const lost = error !== undefined && error !== null;
  unreachable.value = lost;
  if (lost) noteDatabaseFailure();
}

/** A statement the database could not run in time (or at all): pages failing from now on are an outage. */
export function noteDatabaseFailure(): void {
  lastFailureAt.value = Date.now();
}

/** PostgreSQL's query_canceled: the statement ran past its `statement_timeout` (Drizzle's error has it as cause). */
export function isStatementTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: unknown }).code === '57014' || isStatementTimeout(error.cause);
}

const CONNECTION_LOSS_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  // admin_shutdown, cannot_connect_now: the server is stopping or starting.
  '57P01',
  '57P03',
]);

/** True for errors that mean the database is down rather than a bug: those answer 503, not 500. */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_LOSS_CODES.has(code)) return true;
  return (
    // pg's own messages: the server went away, the pool could not connect, a client used after its connection broke.
    /connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|is not queryable/i.test(
      error.message,
    ) ||
    (error.cause !== undefined && isConnectionLoss(error.cause))
  );
}

/** A query that lost its connection (the server stopped under it) means unreachable too, until a connect succeeds. */
function noteQueryFailure(error: unknown): void {
  if (isConnectionLoss(error)) noteConnectionAttempt(error);
}

type Queryable = { query: (...args: unknown[]) => unknown };
const WATCHED = Symbol('quotidienne.query-watched');

function watchQueries(target: Queryable): void {
  const marked = target as Queryable & { [WATCHED]?: true };
  if (marked[WATCHED]) return;
  marked[WATCHED] = true;
  const query = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) noteQueryFailure(error);
        return (last as (...callbackArgs: unknown[]) => unknown)(error, ...rest);
      };
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(noteQueryFailure);
    return result;
  };
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/**
 * Records the outcome of every connection the pool makes or hands out (pool.query goes through connect too), and
 * every query or idle client that loses its connection.
 */
export function watchPoolConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const watched = (callback?: ConnectCallback) => {
    if (callback) {
      return connect((error, client, done) => {
        noteConnectionAttempt(error);
        if (client) watchQueries(client as unknown as Queryable);
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        noteConnectionAttempt(undefined);
        watchQueries(client as unknown as Queryable);
        return client;
      },
      (error: unknown) => {
        noteConnectionAttempt(error);
        throw error;
      },
    );
  };
  pool.connect = watched as pg.Pool['connect'];
  // pool.query runs on a client from connect, whose queries are watched; idle clients report through 'error'.
  pool.on('error', noteQueryFailure);
}
