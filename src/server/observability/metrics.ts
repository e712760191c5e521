import 'server-only';
import { type ELDHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sharedReadStats } from '../cache/shared-reads';
import { pageCacheStats } from '../http/page-cache';

/**
 * A small Prometheus registry: request counts and latencies by route, cache results, database pool gauges.
 * It lives on globalThis because Next.js loads this module once per bundle (instrumentation, route handlers):
 * every copy must count into the same numbers.
 */

/** Latency buckets in seconds, around the targets p95 < 200 ms and p99 < 400 ms. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 5] as const;
/** Routes beyond this many distinct labels count as "other": a fuzzer must not grow the registry without end. */
const MAX_ROUTES = 200;

type Histogram = { counts: number[]; sum: number; count: number };
type Registry = {
  startedAt: number;
  requests: Map<string, number>;
  latencies: Map<string, Histogram>;
  cache: Map<string, number>;
  inFlight: number;
  gauges: Map<string, () => number | undefined>;
  /** How late timers fire: a busy event loop delays every request's next step. Reset at each scrape. */
  eventLoopDelay: ELDHistogram;
};

const KEY = Symbol.for('quotidienne.metrics');
const holder = globalThis as typeof globalThis & { [KEY]?: Registry };

export function registry(): Registry {
  holder[KEY] ??= {
    startedAt: Date.now(),
    requests: new Map(),
    latencies: new Map(),
    cache: new Map(),
    inFlight: 0,
    gauges: new Map(),
    eventLoopDelay: startEventLoopDelay(),
  };
  return holder[KEY];
}

function startEventLoopDelay(): ELDHistogram {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return histogram;
}

/**
 * The route label of a path: the API call itself, or the page template (first segment), never the raw path, so
 * the number of series stays bounded.
 */
export function routeLabel(pathname: string): string {
  if (pathname === '/') return '/';
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'api') return `/${segments.slice(0, 3).join('/')}`;
  if (segments[0] === '_next') return `/_next/${segments[1] ?? ''}`;
  return segments.length > 1 ? `/${segments[0]}/*` : `/${segments[0]}`;
}

function boundedRoute(route: string): string {
  const { latencies } = registry();
  return latencies.has(route) || latencies.size < MAX_ROUTES ? route : 'other';
}

export function requestStarted(): void {
  registry().inFlight += 1;
}

/** Records one finished request. `cache` is Next's x-nextjs-cache value (HIT, STALE, MISS) when there is one. */
export function requestFinished(input: {
  method: string;
  pathname: string;
  status: number;
  seconds: number;
  cache?: string;
}): void {
  const metrics = registry();
  metrics.inFlight = Math.max(0, metrics.inFlight - 1);
  const route = boundedRoute(routeLabel(input.pathname));
  const method = /^[A-Z]{3,7}$/.test(input.method) ? input.method : 'OTHER';
  const key = [route, method, String(input.status)].join('\u0000');
  metrics.requests.set(key, (metrics.requests.get(key) ?? 0) + 1);
  let histogram = metrics.latencies.get(route);
  if (!histogram) {
    histogram = { counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
    metrics.latencies.set(route, histogram);
  }
  histogram.counts = histogram.counts.map((count, index) =>
    input.seconds <= (LATENCY_BUCKETS[index] ?? 0) ? count + 1 : count,
  );
  histogram.sum += input.seconds;
  histogram.count += 1;
  if (input.cache) {
    const result = input.cache.toLowerCase();
    metrics.cache.set(result, (metrics.cache.get(result) ?? 0) + 1);
  }
}

/** Registers a gauge read at scrape time (database pool sizes). */
export function registerGauge(name: string, read: () => number | undefined): void {
  registry().gauges.set(name, read);
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** The registry in the Prometheus text exposition format (version 0.0.4). */
export function renderMetrics(): string {
  const metrics = registry();
  const lines: string[] = [];
  lines.push('# HELP http_requests_total Requests answered, by route, method and status.');
  lines.push('# TYPE http_requests_total counter');
  for (const [key, value] of metrics.requests) {
    const [route = '', method = '', status = ''] = key.split('\u0000');
    lines.push(
      `http_requests_total{route="${escapeLabel(route)}",method="${method}",status="${status}"} ${value}`,
    );
  }
  lines.push('# HELP http_request_duration_seconds Time to answer, by route.');
  lines.push('# TYPE http_request_duration_seconds histogram');
  for (const [route, histogram] of metrics.latencies) {
    const label = escapeLabel(route);
    LATENCY_BUCKETS.forEach((bound, index) => {
      lines.push(
        `http_request_duration_seconds_bucket{route="${label}",le="${bound}"} ${histogram.counts[index]}`,
      );
    });
    lines.push(`http_request_duration_seconds_bucket{route="${label}",le="+Inf"} ${histogram.count}`);
    lines.push(`http_request_duration_seconds_sum{route="${label}"} ${histogram.sum}`);
    lines.push(`http_request_duration_seconds_count{route="${label}"} ${histogram.count}`);
  }
  lines.push('# HELP http_requests_in_flight Requests being answered now.');
  lines.push('# TYPE http_requests_in_flight gauge');
  lines.push(`http_requests_in_flight ${metrics.inFlight}`);
  lines.push(
    '# HELP next_cache_results_total Pages answered from Next.js cache, by result (hit, stale, miss).',
  );
  lines.push('# TYPE next_cache_results_total counter');
  for (const [result, value] of metrics.cache)
    lines.push(`next_cache_results_total{result="${result}"} ${value}`);
  const pageCache = pageCacheStats();
  lines.push('# HELP page_cache_hits_total Pages answered by the page cache in front of Next.js.');
  lines.push('# TYPE page_cache_hits_total counter');
  lines.push(`page_cache_hits_total ${pageCache.hits}`);
  lines.push('# HELP page_cache_stores_total Pages stored into the page cache.');
  lines.push('# TYPE page_cache_stores_total counter');
  lines.push(`page_cache_stores_total ${pageCache.stores}`);
  lines.push('# TYPE page_cache_entries gauge');
  lines.push(`page_cache_entries ${pageCache.entries}`);
  lines.push('# TYPE page_cache_bytes gauge');
  lines.push(`page_cache_bytes ${pageCache.bytes}`);
  const sharedReads = sharedReadStats();
  lines.push(
    '# HELP shared_reads_total Public reads (lists, issue, suggestions) answered from memory or computed.',
  );
  lines.push('# TYPE shared_reads_total counter');
  lines.push(`shared_reads_total{result="hit"} ${sharedReads.hits}`);
  lines.push(`shared_reads_total{result="miss"} ${sharedReads.misses}`);
  for (const [name, read] of metrics.gauges) {
    const value = read();
    if (value === undefined) continue;
    lines.push(`# TYPE ${name} gauge`);
    lines.push(`${name} ${value}`);
  }
  const loop = performance.eventLoopUtilization();
  lines.push(
    '# HELP nodejs_eventloop_active_seconds_total Time the event loop spent running code (its rate is the utilisation).',
  );
  lines.push('# TYPE nodejs_eventloop_active_seconds_total counter');
  lines.push(`nodejs_eventloop_active_seconds_total ${(loop.active / 1000).toFixed(3)}`);
  lines.push('# HELP nodejs_eventloop_idle_seconds_total Time the event loop spent waiting for work.');
  lines.push('# TYPE nodejs_eventloop_idle_seconds_total counter');
  lines.push(`nodejs_eventloop_idle_seconds_total ${(loop.idle / 1000).toFixed(3)}`);
  const delay = metrics.eventLoopDelay;
  lines.push(
    '# HELP nodejs_eventloop_delay_seconds Event loop delay since the previous scrape, by quantile.',
  );
  lines.push('# TYPE nodejs_eventloop_delay_seconds gauge');
  for (const quantile of [0.5, 0.99]) {
    const seconds = delay.count > 0 ? delay.percentile(quantile * 100) / 1e9 : 0;
    lines.push(`nodejs_eventloop_delay_seconds{quantile="${quantile}"} ${seconds.toFixed(4)}`);
  }
  lines.push(
    `nodejs_eventloop_delay_seconds{quantile="1"} ${(delay.count > 0 ? delay.max / 1e9 : 0).toFixed(4)}`,
  );
  delay.reset();
  const memory = process.memoryUsage();
  lines.push('# HELP process_resident_memory_bytes Resident memory size in bytes.');
  lines.push('# TYPE process_resident_memory_bytes gauge');
  lines.push(`process_resident_memory_bytes ${memory.rss}`);
  lines.push('# TYPE nodejs_heap_used_bytes gauge');
  lines.push(`nodejs_heap_used_bytes ${memory.heapUsed}`);
  lines.push('# TYPE process_uptime_seconds gauge');
  lines.push(`process_uptime_seconds ${Math.round((Date.now() - metrics.startedAt) / 1000)}`);
  return `${lines.join('\n')}\n`;
}
