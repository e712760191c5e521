// GET /api/health/live
export const dynamic = 'force-dynamic';

/** Liveness: the process answers. Never looks at the database, so an outage does not get the process restarted. */
export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
