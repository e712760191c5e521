import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One step of the request pipeline (pipeline.ts): it answers the request itself (true) or lets it go on to the next
 * step (false), at once or after waiting (a search slot).
 */
export type RequestStep = {
  /** What the step does, for logs and the architecture document. */
  name: string;
  run(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean>;
};

/** The framework's request handler, where a request no step answered ends. */
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

/** The path of a request's URL, without its query, bounded (a log line, a metric label). */
export function pathnameOf(url: string | undefined): string {
  const raw = (url ?? '/').split('?', 1)[0] ?? '/';
  return raw.length > 512 ? raw.slice(0, 512) : raw;
}

/** True for a GET or HEAD request, the only ones the answering steps look at. */
export function isRead(request: IncomingMessage): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}
