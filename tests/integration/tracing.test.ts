import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SORTS } from '@/lib/contracts/search';
import type { Database } from '@/server/db/client';
import { loggerOptions } from '@/server/log';
import { inSpan, stopTracing, traceIdsForLog } from '@/server/observability/tracing';
import { startTracing } from '@/server/observability/tracing-sdk';
import { search } from '@/server/search/engine';
import { UR_TYPES } from '@/server/search/types';
import { createTestDatabase } from '../support/database';
import { type ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver';
import { insertSearchCorpus } from '../support/search-corpus';

// OpenTelemetry traces (docs/OPERATIONS.md, "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT set, the spans of a
// search and of its database statements reach the collector (a stand-in here) as one tree, and log lines written
// inside carry the trace's id. The database is opened after tracing starts, as in the server.

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let database: Database;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  startTracing({ endpoint: receiver.endpoint, serviceName: 'quotidienne-test' });
  database = await createTestDatabase();
  await insertSearchCorpus(database.db);
});

afterAll(async () => {
  await stopTracing();
  await database?.close();
  await receiver?.close();
});

function childrenOf(spans: ReceivedSpan[], parent: ReceivedSpan): ReceivedSpan[] {
  return spans.filter((span) => span.parentSpanId === parent.spanId && span.traceId === parent.traceId);
}

describe('traces sent to an OTLP collector', () => {
  it('exports a search as a tree of spans down to its statements, and log lines carry its trace id', async () => {
    const lines: string[] = [];
    const log = pino(
      { ...loggerOptions, level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    let logged: { trace_id?: string } = {};
    await inSpan('test.request', { 'http.route': '/search' }, async () => {
      await search(database.db, {
        term: 'licenciement économique',
        page: 1,
        urType: UR_TYPES.all,
        selected: {},
        sort: SEARCH_SORTS.relevance,
      });
      logged = traceIdsForLog();
      log.info('recherche faite');
    });
    await stopTracing();

    const spans = receiver.spans;
    const request = spans.find((span) => span.name === 'test.request');
    expect(request?.serviceName).toBe('quotidienne-test');
    if (!request) throw new Error('the request span never reached the collector');
    const [searchSpan] = childrenOf(spans, request).filter((span) => span.name === 'search');
    expect(searchSpan?.attributes).toMatchObject({
      'search.words': 2,
      'search.page': 1,
      'search.shared': false,
    });
    if (!searchSpan) throw new Error('no search span under the request');
    const run = childrenOf(spans, searchSpan).find((span) => span.name === 'search.run');
    expect(run).toBeDefined();
    const inTrace = spans.filter((span) => span.traceId === request.traceId);
    expect(inTrace.map((span) => span.name)).toEqual(
      expect.arrayContaining(['search.plan', 'search.snippets']),
    );
    const statements = inTrace.filter((span) => span.name === 'db.statement');
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.attributes['db.system.name']).toBe('postgresql');
      expect(String(statement.attributes['db.query.text'])).toMatch(/\S/);
      // Parameters (readers' words, addresses) never travel with a span.
      expect(JSON.stringify(statement.attributes)).not.toContain('licenciement économique');
    }

    expect(logged.trace_id).toBe(request.traceId);
    const line = JSON.parse(lines.at(-1) ?? '{}') as { trace_id?: string; span_id?: string; msg?: string };
    expect(line).toMatchObject({
      msg: 'recherche faite',
      trace_id: request.traceId,
      span_id: request.spanId,
    });
  });
});
