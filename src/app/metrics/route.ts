// GET /metrics

import { METRICS_CONTENT_TYPE, renderMetrics } from '@/server/observability/metrics';
import { mayReadMetrics } from '@/server/observability/metrics-access';

export const dynamic = 'force-dynamic';

/**
 * Prometheus scrape endpoint: request counts and latencies by route, cache results, database pool, memory. Only
 * for loopback clients or a bearer of METRICS_TOKEN (docs/OPERATIONS.md): it says how busy the site is.
 */
export async function GET(request: Request): Promise<Response> {
  if (!mayReadMetrics(request)) {
    return new Response('Accès réservé à la supervision.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(await renderMetrics(), {
    headers: { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' },
  });
}
