import 'server-only';
import type pg from 'pg';

/**
 * Whether PostgreSQL answered the last connection attempt. A page that fails to render while the database is
 * unreachable is answered 503 with Retry-After instead of 500 (src/server/observability/http-server.ts): the
 * outage is temporary and says so to browsers, crawlers and load balancers. PGlite lives in the process and is
 * never unreachable.
 */

const KEY = Symbol.for('quotidienne.database.unreachable');
// On globalThis: the pool is opened by one copy of the client module, the HTTP hook reads from another.
const holder = globalThis as typeof globalThis & { [KEY]?: boolean };

export function isDatabaseUnreachable(): boolean {
  return holder[KEY] === true;
}

export function noteConnectionAttempt(error: unknown): void {
  holder[KEY] = error !== undefined && error !== null;
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/** Records the outcome of every connection the pool makes or hands out (pool.query goes through connect too). */
export function watchPoolConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const watched = (callback?: ConnectCallback) => {
    if (callback) {
      return connect((error, client, done) => {
        noteConnectionAttempt(error);
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        noteConnectionAttempt(undefined);
        return client;
      },
      (error: unknown) => {
        noteConnectionAttempt(error);
        throw error;
      },
    );
  };
  pool.connect = watched as pg.Pool['connect'];
}
