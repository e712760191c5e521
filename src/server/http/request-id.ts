import 'server-only';
import { randomUUID } from 'node:crypto';

/** A request id given by the reverse proxy is kept when it looks like one; anything else is replaced. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** The id of a request: the incoming `x-request-id` when well-formed, a fresh UUID otherwise. */
export function requestIdFrom(incoming: string | string[] | null | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}
