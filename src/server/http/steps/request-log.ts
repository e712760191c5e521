import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { wasDatabaseUnavailableSince } from '../../db/reachability';
import { logger } from '../../log';
import { isStopping, requestInFlight } from '../../observability/http-server';
import { requestFinished, requestStarted } from '../../observability/metrics';
import { beforeHeadWritten } from '../answer-capture';
import { pathnameOf, type RequestStep } from '../request-step';

/** Seconds a client is asked to wait before retrying during a database outage (recovery takes under 10 s). */
const OUTAGE_RETRY_AFTER_SECONDS = 10;

/**
 * One JSON log line per request with its id, the request metrics, the count of requests in flight a graceful stop
 * waits for, and the corrections made to the head of every answer (`correctHead`).
 */
function observe(request: IncomingMessage, response: ServerResponse): void {
  const started = process.hrtime.bigint();
  const over = requestInFlight();
  requestStarted();
  // During a stop, tell keep-alive clients to open their next request elsewhere.
  if (isStopping()) response.setHeader('Connection', 'close');
  const arrivedAt = Date.now();
  beforeHeadWritten(response, (answer, args) => correctHead(answer, args, arrivedAt));
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const pathname = pathnameOf(request.url);
    const cache = response.getHeader('x-nextjs-cache');
    requestFinished({
      method: request.method ?? 'OTHER',
      pathname,
      status: response.statusCode,
      seconds,
      cache: typeof cache === 'string' ? cache : undefined,
    });
    const requestId = response.getHeader('x-request-id');
    logger.info(
      {
        requestId: typeof requestId === 'string' ? requestId : undefined,
        method: request.method,
        path: pathname,
        status: response.statusCode,
        ms: Math.round(seconds * 1000),
        aborted: !response.writableFinished || undefined,
      },
      'request',
    );
    over();
  };
  response.once('finish', finish);
  response.once('close', finish);
}

/**
 * Two corrections made when the head of an answer is written:
 * - one `Location` where Next.js repeated it (`sendOneLocation`);
 * - a page that failed while PostgreSQL was unreachable (at any moment since the request arrived: the database may
 *   be back by the time the error page is written) is a temporary outage, not a bug: 503 with Retry-After (the
 *   error page Next.js renders stays the body). API calls already answer 503 themselves (api-route.ts).
 */
function correctHead(response: ServerResponse, args: unknown[], arrivedAt: number): void {
  sendOneLocation(response);
  if (args[0] === 500 && wasDatabaseUnavailableSince(arrivedAt)) {
    args[0] = 503;
    response.statusCode = 503;
    if (typeof args[1] === 'string') args[1] = 'Service Unavailable';
    response.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
  }
}

/**
 * A redirect that Next.js renders from a page (`redirect()` in `/archives`, the canonical redirects of articles)
 * carries its `Location` header twice, with the same value. Browsers accept that, but clients that join repeated
 * headers (fetch, many HTTP libraries) read "/a, /a" and fail: one header is sent.
 */
export function sendOneLocation(response: Pick<ServerResponse, 'getHeader' | 'setHeader'>): void {
  const location = response.getHeader('location');
  if (Array.isArray(location) && location.length > 1 && location.every((value) => value === location[0])) {
    response.setHeader('location', String(location[0]));
  }
}

export const requestLogStep: RequestStep = {
  name: 'request log and metrics',
  run(request, response) {
    observe(request, response);
    return false;
  },
};
