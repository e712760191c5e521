import 'server-only';
import type { HealthAnswer } from '@/lib/contracts/operations';
import { isRead, pathnameOf, type RequestStep } from '../request-step';

const LIVENESS_PATH = '/api/health/live';
/** The liveness probe's answer (src/app/api/health/live/route.ts answers the same when called without this step). */
const LIVENESS_BODY = JSON.stringify({ status: 'ok' } satisfies HealthAnswer);

/**
 * GET /api/health/live, answered before Next.js's routing: liveness says that the process's event loop turns, and
 * its answer should wait for nothing else (under four clients searching, Next's pipeline for this route went
 * through several turns of the loop, each behind the pages being rendered; docs/SEARCH.md, "Liveness
 * (2026-11-27)"). It never looks at the database.
 */
export const livenessStep: RequestStep = {
  name: 'liveness',
  run(request, response) {
    if (!isRead(request) || pathnameOf(request.url) !== LIVENESS_PATH) return false;
    response.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-length': Buffer.byteLength(LIVENESS_BODY),
    });
    response.end(request.method === 'HEAD' ? undefined : LIVENESS_BODY);
    return true;
  },
};
