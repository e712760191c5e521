// GET /api/health/ready
import { getDatabase } from '@/server/db/client';
import { isStopping } from '@/server/observability/http-server';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Readiness: 200 when the database answers and the process is not stopping; 503 tells a balancer to look away. */
export async function GET(): Promise<Response> {
  const ready =
    !isStopping() &&
    (await getDatabase()
      .then((database) => database.ping())
      .catch(() => false));
  if (ready) return Response.json({ status: 'ok' }, { headers: NO_STORE });
  return Response.json({ status: 'unavailable' }, { status: 503, headers: NO_STORE });
}
