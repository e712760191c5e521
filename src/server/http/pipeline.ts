import 'server-only';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { logger } from '../log';
import { trackServer } from '../observability/http-server';
import type { RequestHandler, RequestStep } from './request-step';
import { clientAddressStep } from './steps/client-address';
import { imageOptimiserStep } from './steps/image-optimiser';
import { livenessStep } from './steps/liveness';
import { newsletterClickStep } from './steps/newsletter-click';
import { oldAddressesStep } from './steps/old-addresses';
import { pageCacheAnswerStep } from './steps/page-cache-answer';
import { pageCacheRecordStep } from './steps/page-cache-record';
import { requestLogStep } from './steps/request-log';
import { searchAdmissionStep } from './steps/search-admission';
import { searchedTextStep } from './steps/searched-text';

/**
 * Every request of the production server goes through these steps, in this order, before Next.js (scripts/serve.ts
 * creates the server; docs/decisions/070-request-pipeline-in-our-server.md). A step answers the request itself or
 * lets it go on; what no step answered is Next's to render.
 */
export const PRODUCTION_STEPS: readonly RequestStep[] = [
  clientAddressStep,
  requestLogStep,
  livenessStep,
  imageOptimiserStep,
  oldAddressesStep,
  newsletterClickStep,
  searchedTextStep,
  pageCacheAnswerStep,
  searchAdmissionStep,
  pageCacheRecordStep,
];

/**
 * `npm run dev`: the same steps without the page cache, whose copies would hide a developer's changes (and whose
 * nonce renewal expects a production build's pages).
 */
export const DEVELOPMENT_STEPS: readonly RequestStep[] = PRODUCTION_STEPS.filter(
  (step) => step !== pageCacheAnswerStep && step !== pageCacheRecordStep,
);

/**
 * The request listener that runs `steps` in order and hands the requests none answered to `handler`. A step that
 * throws answers 500 (it is logged) rather than leaving the request without an answer.
 */
export function runSteps(
  steps: readonly RequestStep[],
  handler: RequestHandler,
): (request: IncomingMessage, response: ServerResponse) => void {
  const failed = (response: ServerResponse, error: unknown) => {
    logger.error({ err: error }, 'étape de requête en échec');
    if (response.headersSent) response.destroy();
    else {
      response.statusCode = 500;
      response.end();
    }
  };
  const from = (index: number, request: IncomingMessage, response: ServerResponse): void => {
    for (let at = index; at < steps.length; at += 1) {
      const answered = steps[at]?.run(request, response);
      if (answered === true) return;
      if (answered instanceof Promise) {
        answered.then(
          (done) => {
            if (!done) from(at + 1, request, response);
          },
          (error: unknown) => failed(response, error),
        );
        return;
      }
    }
    Promise.resolve(handler(request, response)).catch((error: unknown) => failed(response, error));
  };
  return (request, response) => {
    try {
      from(0, request, response);
    } catch (error) {
      failed(response, error);
    }
  };
}

/** An HTTP server whose requests go through `steps` then `handler`, stopped gracefully with the process. */
export function createPipelineServer(steps: readonly RequestStep[], handler: RequestHandler): http.Server {
  const server = http.createServer(runSteps(steps, handler));
  trackServer(server);
  return server;
}
