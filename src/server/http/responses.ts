import 'server-only';
import type { ApiErrorAnswer } from '@/lib/contracts/api-error';
import type { AppError } from './errors';

/** Every /api answer: never stored by a browser or a shared cache (spec section 7). */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache, no-store, must-revalidate, max-age=0',
  Pragma: 'no-cache',
  Expires: '0',
};

export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(NO_CACHE_HEADERS)) headers.set(name, value);
  return Response.json(data, { ...init, headers });
}

/** The body of an error answer: `{ error: { code, message, details? } }`. */
export function errorResponse(error: AppError): Response {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  const body: ApiErrorAnswer = {
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
  return jsonResponse(body, { status: error.status, headers });
}
