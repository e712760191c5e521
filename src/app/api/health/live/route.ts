// GET /api/health/live
import { healthResponse } from '@/server/observability/health';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. Never looks at the database, so an outage does not get the process restarted. */
export function GET(): Response {
  return healthResponse(true);
}
