// GET /api/health/ready
import { databaseAnswers, healthResponse } from '@/server/observability/health';
import { isStopping } from '@/server/observability/http-server';

export const dynamic = 'force-dynamic';

/** Readiness: 200 when the database answers and the process is not stopping; 503 tells a balancer to look away. */
export async function GET(): Promise<Response> {
  return healthResponse(!isStopping() && (await databaseAnswers()));
}
