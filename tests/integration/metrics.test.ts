import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as live } from '@/app/api/health/live/route';
import { GET as ready } from '@/app/api/health/ready/route';
import { GET as metrics } from '@/app/metrics/route';
import type { Database } from '@/server/db/client';
import { registerDatabaseGauges } from '@/server/observability/database-gauges';
import { registerGauge, requestFinished } from '@/server/observability/metrics';
import { routeLabel } from '@/server/observability/route-label';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
});
afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

/** A scrape from this machine, as the HTTP hook leaves it (the settled client address in X-Forwarded-For). */
function scrape(address = '127.0.0.1', headers: Record<string, string> = {}): Request {
  return new Request('http://site.test/metrics', { headers: { 'x-forwarded-for': address, ...headers } });
}

describe('/metrics access', () => {
  it('answers loopback clients, IPv4 and IPv6', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect((await metrics(scrape(address))).status).toBe(200);
  });

  it('refuses any other client with 403, a client relayed by a proxy on loopback included', async () => {
    for (const address of ['203.0.113.9', '2001:db8::1', '10.0.0.1', 'unknown']) {
      const response = await metrics(scrape(address));
      expect(response.status).toBe(403);
      expect(await response.text()).toBe('Accès réservé à la supervision.');
    }
    // Behind nginx (TRUSTED_PROXY_HOPS=1) the hook keeps the client nginx named, not nginx's loopback address.
    expect((await metrics(scrape('127.0.0.1, 203.0.113.9'))).status).toBe(403);
    expect((await metrics(new Request('http://site.test/metrics'))).status).toBe(403);
  });

  it('answers another host presenting the bearer token of METRICS_TOKEN, and only that token', async () => {
    const token = 'metrics-token-0123456789abcdefghijklmnop';
    const previous = process.env.METRICS_TOKEN;
    vi.resetModules();
    process.env.METRICS_TOKEN = token;
    try {
      const { GET } = await import('@/app/metrics/route');
      const remote = (authorization?: string) =>
        GET(scrape('203.0.113.9', authorization ? { authorization } : {}));
      expect((await remote(`Bearer ${token}`)).status).toBe(200);
      expect((await remote(`bearer ${token}`)).status).toBe(200);
      expect((await remote(`Bearer ${token}x`)).status).toBe(403);
      expect((await remote(`Basic ${token}`)).status).toBe(403);
      expect((await remote()).status).toBe(403);
    } finally {
      if (previous === undefined) delete process.env.METRICS_TOKEN;
      else process.env.METRICS_TOKEN = previous;
      vi.resetModules();
    }
  });
});

describe('/metrics', () => {
  it('counts requests and latencies by route template, cache results and gauges, in Prometheus text', async () => {
    requestFinished({
      method: 'GET',
      pathname: '/actualite/un-article_12',
      status: 200,
      seconds: 0.03,
      cache: 'HIT',
    });
    requestFinished({
      method: 'GET',
      pathname: '/actualite/un-autre_13',
      status: 200,
      seconds: 0.3,
      cache: 'MISS',
    });
    requestFinished({
      method: 'POST',
      pathname: '/api/contentAlert/subscription',
      status: 429,
      seconds: 0.002,
    });
    registerGauge('test_gauge', () => 7);
    const response = await metrics(scrape());
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    expect(text).toMatch(/^http_requests_total\{route="\/actualite\/\*",method="GET",status="200"\} 2$/m);
    expect(text).toMatch(
      /^http_requests_total\{route="\/api\/contentAlert\/subscription",method="POST",status="429"\} 1$/m,
    );
    // prom-client writes `le` first; label order means nothing to Prometheus.
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.05",route="\/actualite\/\*"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.4",route="\/actualite\/\*"\} 2$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/actualite\/\*"\} 2$/m);
    expect(text).toMatch(/^next_cache_results_total\{result="hit"\} 1$/m);
    expect(text).toMatch(/^next_cache_results_total\{result="miss"\} 1$/m);
    expect(text).toMatch(/^test_gauge 7$/m);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^http_requests_in_flight 0$/m);
    // A gauge registered again (a second copy of a module) reads from its new source, once.
    registerGauge('test_gauge', () => 8);
    const again = await (await metrics(scrape())).text();
    expect(again.match(/^test_gauge \d+$/gm)).toEqual(['test_gauge 8']);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
  });

  it('says how busy the event loop is: its active and idle time, and how late it ran since the last scrape', async () => {
    // A scrape starts the delay monitor (when this test runs alone) and resets it.
    await (await metrics(scrape())).text();
    // A fixed wait on purpose: after a reset, the monitor's first sample (its timer runs every 10 ms) only sets the
    // time the next delay counts from, and nothing tells when it has run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Holds the loop for 100 ms: the delay histogram must see it.
    const busyUntil = Date.now() + 100;
    while (Date.now() < busyUntil);
    // A fixed wait on purpose: the histogram records a stall when its own 10 ms timer runs late, which happens only
    // once the loop is free again and timers run; this one, due after that timer, runs after it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const text = await (await metrics(scrape())).text();
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1]);
    expect(value(/^nodejs_eventloop_active_seconds_total ([\d.]+)$/m)).toBeGreaterThan(0.05);
    expect(value(/^nodejs_eventloop_idle_seconds_total ([\d.]+)$/m)).toBeGreaterThan(0);
    const worst = value(/^nodejs_eventloop_delay_seconds\{quantile="1"\} ([\d.]+)$/m);
    expect(worst).toBeGreaterThan(0.05);
    // Reset by the scrape: the next one no longer holds that stall.
    const next = await (await metrics(scrape())).text();
    expect(Number(/^nodejs_eventloop_delay_seconds\{quantile="1"\} ([\d.]+)$/m.exec(next)?.[1])).toBeLessThan(
      worst,
    );
  });

  it('keeps the number of series bounded whatever paths a fuzzer sends', async () => {
    expect(routeLabel('/')).toBe('/');
    expect(routeLabel('/api/article/single')).toBe('/api/article/single');
    expect(routeLabel('/archives/2025/3/2')).toBe('/archives/*');
    for (let index = 0; index < 500; index += 1) {
      requestFinished({ method: 'GET', pathname: `/chemin-${index}`, status: 404, seconds: 0.001 });
    }
    const text = await (await metrics(scrape())).text();
    const routes = new Set(
      [...text.matchAll(/http_request_duration_seconds_count\{route="([^"]*)"\}/g)].map((m) => m[1]),
    );
    expect(routes.size).toBeLessThanOrEqual(201);
    expect(routes.has('other')).toBe(true);
  });

  it('reports the database pool once the process database is open', async () => {
    registerDatabaseGauges();
    await ready();
    const text = await (await metrics(scrape())).text();
    expect(text).toMatch(/^db_open 1$/m);
    expect(text).toMatch(/^db_pool_connections_total \d+$/m);
  });
});

describe('liveness and readiness', () => {
  it('live answers 200 without the database, ready answers 200 when it answers', async () => {
    const liveness = live();
    expect(liveness.status).toBe(200);
    expect(await liveness.json()).toEqual({ status: 'ok' });
    const readiness = await ready();
    expect(readiness.status).toBe(200);
    expect(readiness.headers.get('cache-control')).toBe('no-store');
  });
});
