import 'server-only';
import { clientAddress } from '../http/rate-limit';

/**
 * Who is asking: the client address the per-address rate limits count against, and the browser's User-Agent
 * (kept with a session so Mon compte can name its device).
 */
export type RequestContext = { address: string; userAgent?: string };

/** The context of an API request. */
export function requestContext(request: Request): RequestContext {
  return { address: clientAddress(request), userAgent: request.headers.get('user-agent') ?? '' };
}

/** The context of a server action (no Request there, only its headers from `next/headers`). */
export function contextFromHeaders(headers: Headers): RequestContext {
  return requestContext(new Request('http://localhost/', { headers }));
}

/** Addresses are stored lower-cased and trimmed: one mailbox, one row, however it was typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
