import 'server-only';
import type { Span } from '@opentelemetry/api';
import type pg from 'pg';
import { failSpan, inSpan, startSpan } from '../observability/tracing';

// A span per database statement when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT): its SQL text (never its
// parameters, which hold readers' data), on both drivers. Installed on the client's own instances when the database
// is opened, so an untraced process runs the statements as they are.

/** Longest SQL text a span carries: enough to recognise the statement, bounded for the collector. */
const STATEMENT_TEXT_MAX = 2_000;

function statementText(first: unknown): string {
  const text =
    typeof first === 'string'
      ? first
      : typeof first === 'object' && first !== null && 'text' in first && typeof first.text === 'string'
        ? first.text
        : '';
  return text.length > STATEMENT_TEXT_MAX ? `${text.slice(0, STATEMENT_TEXT_MAX)}…` : text;
}

function statementAttributes(first: unknown) {
  return { 'db.system.name': 'postgresql', 'db.query.text': statementText(first) };
}

/** A PGlite statement function (`query`, `exec`) that runs inside a span. */
export function tracedStatement<Args extends unknown[], Result>(
  statement: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return (...args) => inSpan('db.statement', statementAttributes(args[0]), () => statement(...args));
}

/**
 * A node-postgres connection whose statements run inside spans. `query` is called with a promise, a callback (the
 * pool's own `pool.query`) or a submittable; the span ends when each of them does.
 */
export function tracePgClient(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const span = startSpan('db.statement', statementAttributes(args[0]));
    if (!span) return query(...args);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        endStatementSpan(span, error);
        callback(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (isPromise(answer)) {
      answer.then(
        () => endStatementSpan(span, undefined),
        (error: unknown) => endStatementSpan(span, error),
      );
    } else if (isEmitter(answer)) {
      answer.once('end', () => endStatementSpan(span, undefined));
      answer.once('error', (error: unknown) => endStatementSpan(span, error));
    } else {
      span.end();
    }
    return answer;
  }) as typeof client.query;
}

function endStatementSpan(span: Span, error: unknown): void {
  if (error) failSpan(span, error);
  span.end();
}

function isPromise(value: unknown): value is Promise<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as Promise<unknown>).then === 'function'
  );
}

function isEmitter(value: unknown): value is NodeJS.EventEmitter {
  return (
    typeof value === 'object' && value !== null && typeof (value as NodeJS.EventEmitter).once === 'function'
  );
}
