// GET /api/health
import { databaseAnswers, healthResponse } from '@/server/observability/health';

export const dynamic = 'force-dynamic';

/** 200 when the database answers, 503 while it is unreachable (a later call retries the connection). */
export async function GET(): Promise<Response> {
  return healthResponse(await databaseAnswers());
}
