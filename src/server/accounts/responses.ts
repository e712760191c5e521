import 'server-only';
import {
  LOGGED_OUT_STATUS,
  type LoginAnswer,
  type WebFormRefused,
  type WebFormResult,
} from '@/lib/contracts/accounts';
import { capMessage } from '@/lib/validation';
import { AppError, toAppError } from '../http/errors';
import { jsonResponse, NO_CACHE_HEADERS } from '../http/responses';
import type { Authenticated } from './login';
import type { RegistrationOutcome } from './registration';
import {
  clearedSessionCookieHeader,
  clearedSessionHintCookieHeader,
  SESSION_COOKIE,
  sessionCookieHeader,
  sessionHintCookieHeader,
} from './sessions';

/**
 * The login answer of spec section 7: the session cookie as `cookieObj` {name, value, ttl} and the user. The
 * server sets the HttpOnly cookie itself; `value` is there for clients that send the token as a Bearer header.
 */
export function loginResponse(session: Authenticated): Response {
  const body: LoginAnswer = {
    cookieObj: { name: SESSION_COOKIE, value: session.token, ttl: session.ttlSeconds },
    user: session.user,
  };
  return jsonResponse(body, { headers: sessionCookieHeaders(session.token, session.ttlSeconds) });
}

/**
 * The session cookie and its readable hint (SESSION_HINT_COOKIE), set together with the same lifetime: at login,
 * and whenever the session is renewed or its token replaced, so the hint never ends before the session it tells
 * the browser about (the browser would stop asking for the reader and show them logged out).
 */
export function sessionCookieHeaders(token: string, ttlSeconds: number): Headers {
  const headers = new Headers();
  headers.append('Set-Cookie', sessionCookieHeader(token, ttlSeconds));
  headers.append('Set-Cookie', sessionHintCookieHeader(ttlSeconds));
  return headers;
}

/**
 * A failed login keeps the answer's shape: `cookieObj.error` holds the message (never a 500 for bad input),
 * with the status of the error (400, 401, 429 with Retry-After). Unexpected errors are rethrown to apiRoute.
 */
export function loginErrorResponse(error: unknown): Response {
  const appError = toAppError(error);
  if (!(error instanceof AppError) && appError.status >= 500) throw error;
  const headers: Record<string, string> = {};
  if (appError.retryAfterSeconds !== undefined) headers['Retry-After'] = String(appError.retryAfterSeconds);
  const body: LoginAnswer = { cookieObj: { error: capMessage(appError.message) }, user: null };
  return jsonResponse(body, { status: appError.status, headers });
}

/** Logout: no content, and the cookie (with its hint) removed. */
export function logoutResponse(): Response {
  const headers = new Headers(NO_CACHE_HEADERS);
  headers.append('Set-Cookie', clearedSessionCookieHeader());
  headers.append('Set-Cookie', clearedSessionHintCookieHeader());
  return new Response(null, { status: LOGGED_OUT_STATUS, headers });
}

/** Status of a registration answer: 200 created, 400 a rule failed, 409 the address is registered. */
const REGISTRATION_STATUS = { invalid: 400, duplicate: 409 } as const;

/** The web form result {success, result, errors} of a registration. */
export function registrationResponse(outcome: RegistrationOutcome): Response {
  if (outcome.success) {
    const body: WebFormResult = { success: true, result: outcome.result, errors: [] };
    return jsonResponse(body);
  }
  const { success, result } = outcome;
  // The answer's errors are {field, message}, as the web form API has them; the codes serve our own form.
  const body: WebFormRefused = {
    success,
    result,
    errors: outcome.errors.map(({ field, message }) => ({ field, message })),
  };
  return jsonResponse(body, { status: REGISTRATION_STATUS[outcome.reason] });
}
