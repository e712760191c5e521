import 'server-only';
import { type ELDHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sharedReadStats } from '../cache/shared-reads';
import { pageCacheStats } from '../http/page-cache-store';
import { remember } from '../lib/remember';
import { routeLabel } from './route-label';

/**
 * The Prometheus registry of /metrics (prom-client): request counts and latencies by route, cache results, the
 * database pool, the event loop and memory. One per process (`remember`): Next.js loads this module once per
 * bundle (instrumentation, route handlers), and every copy must count into the same numbers.
 */

/** Latency buckets in seconds, around the targets p95 < 200 ms and p99 < 400 ms. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 5];
/** Routes beyond this many distinct labels count as "other": a fuzzer must not grow the registry without end. */
const MAX_ROUTES = 200;

type Metrics = {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  latencies: Histogram<'route'>;
  /** Requests being answered now. */
  inFlight: number;
  nextCache: Counter<'result'>;
  /** Reader pages and public reads the app rendered (not answered from a cache), by route. */
  pageRenders: Counter<'route'>;
  /** Where a search page's time in this process went, by part (`SearchPagePart`). */
  searchParts: Histogram<'part'>;
  /** Password hashes (argon2id): the wait for a turn and the computation (`PasswordHashPart`). */
  passwordHash: Histogram<'part'>;
  /** The route labels seen so far, bounded by MAX_ROUTES. */
  routes: Set<string>;
  /** Gauges read at scrape time, by name (registerGauge). */
  gauges: Map<string, () => number | undefined>;
};

function metrics(): Metrics {
  return remember('metrics', createMetrics);
}

function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const startedAt = Date.now();
  const eventLoopDelay = startEventLoopDelay();
  new Counter({
    name: 'page_cache_hits_total',
    help: 'Pages answered by the page cache in front of Next.js.',
    registers,
    collect() {
      this.reset();
      this.inc(pageCacheStats().hits);
    },
  });
  new Counter({
    name: 'page_cache_stores_total',
    help: 'Pages stored into the page cache.',
    registers,
    collect() {
      this.reset();
      this.inc(pageCacheStats().stores);
    },
  });
  new Counter({
    name: 'page_cache_refreshed_total',
    help: 'Page cache copies a content change marked outdated or dropped (the copies it carried a tag of), by route.',
    labelNames: ['route'],
    registers,
    collect() {
      this.reset();
      for (const [route, count] of pageCacheStats().refreshedByRoute) this.inc({ route }, count);
    },
  });
  gaugeOf(registry, 'page_cache_entries', 'Entries held by the page cache.', () => pageCacheStats().entries);
  gaugeOf(registry, 'page_cache_bytes', 'Bytes held by the page cache.', () => pageCacheStats().bytes);
  new Counter({
    name: 'shared_reads_total',
    help: 'Public reads (lists, issue, suggestions) answered from memory or computed.',
    labelNames: ['result'],
    registers,
    collect() {
      const { hits, misses } = sharedReadStats();
      this.reset();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
    },
  });
  new Counter({
    name: 'nodejs_eventloop_active_seconds_total',
    help: 'Time the event loop spent running code (its rate is the utilisation).',
    registers,
    collect() {
      this.reset();
      this.inc(performance.eventLoopUtilization().active / 1000);
    },
  });
  new Counter({
    name: 'nodejs_eventloop_idle_seconds_total',
    help: 'Time the event loop spent waiting for work.',
    registers,
    collect() {
      this.reset();
      this.inc(performance.eventLoopUtilization().idle / 1000);
    },
  });
  new Gauge({
    name: 'nodejs_eventloop_delay_seconds',
    help: 'Event loop delay since the previous scrape, by quantile.',
    labelNames: ['quantile'],
    registers,
    collect() {
      const seen = eventLoopDelay.count > 0;
      for (const quantile of [0.5, 0.99])
        this.set({ quantile }, seen ? eventLoopDelay.percentile(quantile * 100) / 1e9 : 0);
      this.set({ quantile: 1 }, seen ? eventLoopDelay.max / 1e9 : 0);
      eventLoopDelay.reset();
    },
  });
  gaugeOf(registry, 'process_resident_memory_bytes', 'Resident memory size in bytes.', () =>
    process.memoryUsage.rss(),
  );
  gaugeOf(
    registry,
    'nodejs_heap_used_bytes',
    'JavaScript heap in use, in bytes.',
    () => process.memoryUsage().heapUsed,
  );
  gaugeOf(registry, 'process_uptime_seconds', 'Seconds since the process started serving.', () =>
    Math.round((Date.now() - startedAt) / 1000),
  );
  const state: Metrics = {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    }),
    latencies: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route.',
      labelNames: ['route'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    inFlight: 0,
    nextCache: new Counter({
      name: 'next_cache_results_total',
      help: 'Pages answered from Next.js cache, by result (hit, stale, miss).',
      labelNames: ['result'],
      registers,
    }),
    pageRenders: new Counter({
      name: 'page_renders_total',
      help: 'Reader pages and public API reads rendered by the app (answered by neither the page cache nor an ISR copy), by route.',
      labelNames: ['route'],
      registers,
    }),
    searchParts: new Histogram({
      name: 'search_page_seconds',
      help: 'Time of the parts of a search page in this process (cached answer, wait for the same search, rate-limit count, wait for a slot, render, background refresh).',
      labelNames: ['part'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    passwordHash: new Histogram({
      name: 'password_hash_seconds',
      help: 'Password hashes and verifications (argon2id) in this process: the wait for a turn, the computation.',
      labelNames: ['part'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    routes: new Set(),
    gauges: new Map(),
  };
  gaugeOf(registry, 'http_requests_in_flight', 'Requests being answered now.', () => state.inFlight);
  return state;
}

/** A gauge whose value is read at scrape time; `undefined` leaves it at 0. */
function gaugeOf(registry: Registry, name: string, help: string, read: () => number | undefined): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read() ?? 0);
    },
  });
}

function startEventLoopDelay(): ELDHistogram {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return histogram;
}

function boundedRoute(route: string): string {
  const { routes } = metrics();
  if (routes.has(route)) return route;
  if (routes.size >= MAX_ROUTES) return 'other';
  routes.add(route);
  return route;
}

export function requestStarted(): void {
  metrics().inFlight += 1;
}

/** Records one finished request. `cache` is Next's x-nextjs-cache value (HIT, STALE, MISS) when there is one. */
export function requestFinished(input: {
  method: string;
  pathname: string;
  status: number;
  seconds: number;
  cache?: string;
}): void {
  const current = metrics();
  current.inFlight = Math.max(0, current.inFlight - 1);
  const route = boundedRoute(routeLabel(input.pathname));
  const method = /^[A-Z]{3,7}$/.test(input.method) ? input.method : 'OTHER';
  current.requests.inc({ route, method, status: String(input.status) });
  current.latencies.observe({ route }, input.seconds);
  if (input.cache) current.nextCache.inc({ result: input.cache.toLowerCase() });
}

/** One reader page or public read rendered by the app (page_renders_total). */
export function pageRendered(pathname: string): void {
  metrics().pageRenders.inc({ route: boundedRoute(routeLabel(pathname)) });
}

/**
 * The parts of a search page's time in this process (docs/SCALING.md, 2026-11-27 afternoon): answered from the
 * page cache (`cached`), waiting for the same search rendered for another reader (`same-search`), counting the
 * rate limit (`rate-limit`), waiting for a search slot (`slot-wait`), the render in its slot to the answer's end
 * (`render`), and the page cache's own background refresh (`refresh`, no slot).
 */
export type SearchPagePart = 'cached' | 'same-search' | 'rate-limit' | 'slot-wait' | 'render' | 'refresh';

export function observeSearchPage(part: SearchPagePart, seconds: number): void {
  metrics().searchParts.observe({ part }, seconds);
}

/** Records a search page's part from `started` to the end of its answer (or of its connection). */
export function timeSearchPagePart(
  response: { once(event: 'close', listener: () => void): unknown },
  part: SearchPagePart,
  started = process.hrtime.bigint(),
): void {
  response.once('close', () => observeSearchPage(part, Number(process.hrtime.bigint() - started) / 1e9));
}

export type PasswordHashPart = 'wait' | 'hash';

export function observePasswordHash(part: PasswordHashPart, seconds: number): void {
  metrics().passwordHash.observe({ part }, seconds);
}

/** Registers a gauge read at scrape time (database pool sizes); registering a name again replaces its reading. */
export function registerGauge(name: string, read: () => number | undefined): void {
  const current = metrics();
  if (!current.gauges.has(name))
    gaugeOf(current.registry, name, `${name.replaceAll('_', ' ')} (0 until known).`, () =>
      current.gauges.get(name)?.(),
    );
  current.gauges.set(name, read);
}

/** The content type of the exposition format `renderMetrics` writes. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** The registry in the Prometheus text exposition format (version 0.0.4). */
export function renderMetrics(): Promise<string> {
  return metrics().registry.metrics();
}
