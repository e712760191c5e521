// GET /metrics
import { renderMetrics } from '@/server/observability/metrics';

export const dynamic = 'force-dynamic';

/** Prometheus scrape endpoint: request counts and latencies by route, cache results, database pool, memory. */
export function GET(): Response {
  return new Response(renderMetrics(), {
    headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
