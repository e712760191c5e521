import 'server-only';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { tracingEnabled } from '../observability/tracing';
import { tracedStatement } from './traced-statements';

/**
 * PGlite runs PostgreSQL in the server's own thread, and its statements resolve through promises only (no I/O):
 * one request's statements run back to back as microtasks, so nothing else (a health probe, another page) is
 * answered until the last one is done. A search page made ten statements in a row (the rate limit, the window
 * estimate, the correction, the products, the results) that way. Here every statement first lets the event loop
 * take a turn (`setImmediate`), so waiting requests are read and answered between two statements, as they are
 * between two round trips to PostgreSQL (docs/SEARCH.md, "Liveness (2026-11-27)"). A turn costs about 10 µs when
 * nothing waits.
 */
export function yieldingBetweenStatements(client: PGlite): PGlite {
  const transaction = client.transaction.bind(client);
  client.query = statementAfterATurn(client.query.bind(client)) as PGlite['query'];
  client.exec = statementAfterATurn(client.exec.bind(client));
  client.transaction = afterATurn(<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => callback(yieldingTransaction(tx))),
  ) as PGlite['transaction'];
  return client;
}

/** The transaction's statements take turns too (its `closed` getter stays the original's, by prototype). */
function yieldingTransaction(tx: Transaction): Transaction {
  return Object.create(tx, {
    query: { value: statementAfterATurn(tx.query.bind(tx)) },
    exec: { value: statementAfterATurn(tx.exec.bind(tx)) },
  }) as Transaction;
}

/** `statement`, called only once the event loop has taken a turn. */
function afterATurn<Args extends unknown[], Result>(
  statement: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    await nextTurn();
    return statement(...args);
  };
}

/**
 * A statement function (`query`, `exec`) after a turn, inside a span of its own when tracing is on
 * (traced-statements.ts): every PGlite statement passes here.
 */
function statementAfterATurn<Args extends unknown[], Result>(
  statement: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return afterATurn(tracingEnabled() ? tracedStatement(statement) : statement);
}

/** Resolves after the event loop's next check phase: pending I/O (new requests, their sockets) is handled first. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
