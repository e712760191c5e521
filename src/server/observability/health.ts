import 'server-only';
import { HEALTH_UNAVAILABLE_STATUS, type HealthAnswer } from '@/lib/contracts/operations';
import { getDatabase } from '../db/client';

/**
 * The answers of the health probes (/api/health, /live, /ready; src/lib/contracts/operations.ts): 200 ok or 503
 * unavailable, never stored.
 */
export function healthResponse(ok: boolean): Response {
  const body: HealthAnswer = ok ? { status: 'ok' } : { status: 'unavailable' };
  return Response.json(body, {
    status: ok ? 200 : HEALTH_UNAVAILABLE_STATUS,
    headers: { 'Cache-Control': 'no-store' },
  });
}

/** Whether the database answers a ping; an unreachable one is retried by a later call (getDatabase). */
export function databaseAnswers(): Promise<boolean> {
  return getDatabase()
    .then((database) => database.ping())
    .catch(() => false);
}
