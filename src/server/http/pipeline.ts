import 'server-only';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { SpanStatusCode } from '@opentelemetry/api';
import { logger } from '../log';
import { trackServer } from '../observability/http-server';
import { routeLabel } from '../observability/route-label';
import { failSpan, startSpan, tracingEnabled, withActiveSpan } from '../observability/tracing';
import { pathnameOf, type RequestHandler, type RequestStep } from './request-step';
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
 * With tracing on (docs/OPERATIONS.md, "Traces"): a request's span, `GET /actualite/*` (its route as the metrics
 * label it), active until the answer is over, so that the steps' spans, Next's own and the log lines join its trace.
 */
function traceRequest(
  request: IncomingMessage,
  response: ServerResponse,
  route: string,
  run: () => void,
): void {
  const method = /^[A-Z]{3,7}$/.test(request.method ?? '') ? (request.method as string) : 'OTHER';
  const span = startSpan(
    `${method} ${route}`,
    { 'http.request.method': method, 'http.route': route, 'url.path': pathnameOf(request.url) },
    true,
  );
  if (!span) {
    run();
    return;
  }
  response.once('close', () => {
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  withActiveSpan(span, run);
}

/** One step in its own span, named after the step, ended when the step has answered or let the request go on. */
function runTracedStep(
  step: RequestStep,
  request: IncomingMessage,
  response: ServerResponse,
  route: string,
): boolean | Promise<boolean> {
  const span = startSpan(step.name, { 'http.route': route });
  if (!span) return step.run(request, response);
  const ended = (answered: boolean) => {
    span.setAttribute('request_step.answered', answered);
    span.end();
    return answered;
  };
  const failed = (error: unknown): never => {
    failSpan(span, error);
    span.end();
    throw error;
  };
  try {
    const answered = withActiveSpan(span, () => step.run(request, response));
    return answered instanceof Promise ? answered.then(ended, failed) : ended(answered);
  } catch (error) {
    return failed(error);
  }
}

/**
 * The request listener that runs `steps` in order and hands the requests none answered to `handler`. A step that
 * throws answers 500 (it is logged) rather than leaving the request without an answer. Untraced (the default),
 * a request pays one boolean test for tracing.
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
  /** `route` is set when the request is traced. */
  const from = (index: number, request: IncomingMessage, response: ServerResponse, route?: string): void => {
    for (let at = index; at < steps.length; at += 1) {
      const step = steps[at] as RequestStep;
      const answered =
        route === undefined ? step.run(request, response) : runTracedStep(step, request, response, route);
      if (answered === true) return;
      if (answered instanceof Promise) {
        answered.then(
          (done) => {
            if (!done) from(at + 1, request, response, route);
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
      if (!tracingEnabled()) from(0, request, response);
      else {
        const route = routeLabel(pathnameOf(request.url));
        traceRequest(request, response, route, () => from(0, request, response, route));
      }
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
