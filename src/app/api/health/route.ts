// GET /api/health
import { getDatabase } from '@/server/db/client';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** 200 when the database answers, 503 while it is unreachable (a later call retries the connection). */
export async function GET(): Promise<Response> {
  const healthy = await getDatabase()
    .then((database) => database.ping())
    .catch(() => false);
  if (healthy) return Response.json({ status: 'ok' }, { headers: NO_STORE });
  return Response.json({ status: 'unavailable' }, { status: 503, headers: NO_STORE });
}
