import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_SORTS } from '@/lib/contracts/search';
import type { Database } from '@/server/db/client';
import { createPipelineServer, PRODUCTION_STEPS } from '@/server/http/pipeline';
import { logger, loggerOptions } from '@/server/log';
import { inSpan, stopTracing, traceIdsForLog, tracingEnabled } from '@/server/observability/tracing';
import { startTracing } from '@/server/observability/tracing-sdk';
import { search } from '@/server/search/engine';
import { UR_TYPES } from '@/server/search/types';
import { createTestDatabase } from '../support/database';
import { type ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver';
import { insertSearchCorpus } from '../support/search-corpus';
import { waitUntil } from '../support/wait-until';

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

  it('traces each request through the pipeline: one span per step under the request, log lines in its trace', async () => {
    startTracing({ endpoint: receiver.endpoint, serviceName: 'quotidienne-test' });
    const requestLines: Record<string, unknown>[] = [];
    const seenByHandler: { trace_id?: string }[] = [];
    const info = vi.spyOn(logger, 'info').mockImplementation(function (this: unknown, ...args: unknown[]) {
      // The request log line of the request-log step, as the process's logger writes it (mixin included).
      if (args[1] === 'request') requestLines.push({ ...(args[0] as object), ...traceIdsForLog() });
    } as typeof logger.info);
    const server = createPipelineServer(PRODUCTION_STEPS, (_request, response) => {
      seenByHandler.push(traceIdsForLog());
      response.end('page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/actualite/une-page_A1`)).text()).toBe('page');
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      await waitUntil(() => requestLines.length === 2);
    } finally {
      info.mockRestore();
      await new Promise((resolve) => server.close(resolve));
    }
    await stopTracing();

    const page = receiver.spans.find((span) => span.name === 'GET /actualite/*');
    if (!page) throw new Error('no span for the page request');
    expect(page.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/actualite/*',
      'url.path': '/actualite/une-page_A1',
      'http.response.status_code': 200,
    });
    // Every step, in order, each a child of the request with its route; none answered: Next's handler did.
    const steps = childrenOf(receiver.spans, page);
    expect(steps.map((span) => span.name)).toEqual(PRODUCTION_STEPS.map((step) => step.name));
    for (const step of steps) {
      expect(step.attributes).toMatchObject({ 'http.route': '/actualite/*', 'request_step.answered': false });
    }
    expect(seenByHandler[0]?.trace_id).toBe(page.traceId);
    expect(requestLines[0]).toMatchObject({ path: '/actualite/une-page_A1', trace_id: page.traceId });

    // The liveness probe is answered by its step: the steps after it have no span.
    const probe = receiver.spans.find((span) => span.name === 'GET /api/health/live');
    if (!probe) throw new Error('no span for the liveness probe');
    const probeSteps = childrenOf(receiver.spans, probe);
    expect(probeSteps.map((span) => span.name)).toEqual([
      'client address',
      'request log and metrics',
      'liveness',
    ]);
    expect(probeSteps.at(-1)?.attributes['request_step.answered']).toBe(true);
    expect(requestLines[1]).toMatchObject({ path: '/api/health/live', trace_id: probe.traceId });
  });

  it('costs an untraced request nothing of the SDK: no span, no ids in its log lines', async () => {
    expect(tracingEnabled()).toBe(false);
    const spansBefore = receiver.spans.length;
    const seenByHandler: { trace_id?: string }[] = [];
    const server = createPipelineServer(PRODUCTION_STEPS, (_request, response) => {
      seenByHandler.push(traceIdsForLog());
      response.end('page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      expect(await (await fetch(`http://127.0.0.1:${port}/actualite/une-page_A1`)).text()).toBe('page');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seenByHandler).toEqual([{}]);
    expect(receiver.spans).toHaveLength(spansBefore);
  });
});
