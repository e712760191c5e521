import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  isConnectionLoss,
  isDatabaseUnreachable,
  noteConnectionAttempt,
  wasDatabaseUnavailableSince,
  watchPoolConnections,
} from './reachability';

function adminShutdown(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
}

/** A pool whose connections succeed and whose queries fail with the error given. */
function fakePool(queryError: Error): pg.Pool {
  const pool = new EventEmitter() as EventEmitter & Record<string, unknown>;
  const client = {
    query: (...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        queueMicrotask(() => callback(queryError));
        return undefined;
      }
      return Promise.reject(queryError);
    },
    release: () => {},
  };
  pool.connect = (callback?: (error: undefined, c: typeof client, done: () => void) => void) => {
    if (callback) {
      queueMicrotask(() => callback(undefined, client, () => {}));
      return undefined;
    }
    return Promise.resolve(client);
  };
  return pool as unknown as pg.Pool;
}

describe('database reachability', () => {
  beforeEach(() => noteConnectionAttempt(undefined));

  it('tells a connection loss from a bug', () => {
    expect(isConnectionLoss(adminShutdown())).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss(new Error('x', { cause: adminShutdown() }))).toBe(true);
    expect(
      isConnectionLoss(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isConnectionLoss('57P01')).toBe(false);
  });

  it('turns unreachable when a query on a connected client loses its connection', async () => {
    const pool = fakePool(adminShutdown());
    watchPoolConnections(pool);
    const client = await pool.connect();
    expect(isDatabaseUnreachable()).toBe(false);
    await expect(client.query('select 1')).rejects.toThrow('administrator command');
    expect(isDatabaseUnreachable()).toBe(true);
    // A connection that succeeds again means the database is back.
    await pool.connect();
    expect(isDatabaseUnreachable()).toBe(false);
  });

  it('watches the callback form pool.query uses, and idle clients that fail', async () => {
    const pool = fakePool(adminShutdown());
    watchPoolConnections(pool);
    const failure = await new Promise<unknown>((resolve) =>
      pool.connect((_error, client) => client?.query('select 1', (error: unknown) => resolve(error))),
    );
    expect(isConnectionLoss(failure)).toBe(true);
    expect(isDatabaseUnreachable()).toBe(true);

    noteConnectionAttempt(undefined);
    pool.emit('error', adminShutdown());
    expect(isDatabaseUnreachable()).toBe(true);
  });

  it('stays reachable when a query fails for another reason', async () => {
    const pool = fakePool(Object.assign(new Error('duplicate key'), { code: '23505' }));
    watchPoolConnections(pool);
    const client = await pool.connect();
    await expect(client.query('insert')).rejects.toThrow('duplicate key');
    expect(isDatabaseUnreachable()).toBe(false);
  });

  it('remembers an outage a request met after the database came back', async () => {
    const pool = fakePool(adminShutdown());
    watchPoolConnections(pool);
    const client = await pool.connect();
    // A clock of the test's own: the previous test's failure may share this millisecond, so the request starts
    // strictly after it.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.setSystemTime(Date.now() + 5);
    const requestStartedAt = Date.now();
    expect(wasDatabaseUnavailableSince(requestStartedAt)).toBe(false);
    await expect(client.query('select 1')).rejects.toThrow('administrator command');
    // Another request connects again before this one writes its error page: it still met the outage.
    await pool.connect();
    expect(isDatabaseUnreachable()).toBe(false);
    expect(wasDatabaseUnavailableSince(requestStartedAt)).toBe(true);
    // A request that arrived after the last loss did not.
    vi.setSystemTime(Date.now() + 5);
    expect(wasDatabaseUnavailableSince(Date.now())).toBe(false);
  });
});
