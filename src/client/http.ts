/**
 * Browser side of the /api contract: one fetch function for every call. A call made with a `key` aborts the
 * previous call still running with the same key (a new search cancels the previous one).
 */
import 'client-only';
import type { ZodMiniType } from 'zod/mini';
import { API_BASE_PATH } from '@/lib/constants';
import type { ApiErrorAnswer } from '@/lib/contracts/api-error';

/**
 * A contract's schema, loaded when the first answer to parse arrives (`() => import('@/lib/contracts/…')`): Zod
 * and the contracts then stay out of the scripts every reader page loads (the reader pages' script budget), and come
 * from the browser's cache for the calls after.
 */
export type SchemaLoader<T> = () => Promise<ZodMiniType<T>>;

/** Zod Mini's functions, loaded on first use like the contracts. */
export const loadZod = () => import('zod/mini');

/** An API answer that was not a success, with its HTTP status and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiRequest = {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sent form-encoded, as the shop and newsletter calls expect. */
  form?: Record<string, string>;
  json?: unknown;
  /** Cancellation key: a new request with the same key aborts the previous one. */
  key?: string;
};

const inFlight = new Map<string, AbortController>();
let authToken: string | null = null;

/** Requests to /api carry `Authorization: Bearer <token>` while a token is stored (spec section 6). */
export function setAuthToken(token: string | null): void {
  authToken = token;
}

/** Whether a token is stored (setAuthToken): its calls carry it, so there is a session to ask about. */
export function hasAuthToken(): boolean {
  return authToken !== null;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The raw Response of a call (status-driven callers such as the newsletter read it themselves). */
export async function apiFetch(path: string, request: ApiRequest = {}): Promise<Response> {
  const url = new URL(`${API_BASE_PATH}${path}`, globalThis.location?.origin ?? 'http://localhost');
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  const headers = new Headers({ Accept: 'application/json' });
  if (authToken && url.pathname.includes('/api')) headers.set('Authorization', `Bearer ${authToken}`);
  let body: string | undefined;
  if (request.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.json);
  }

  let controller: AbortController | undefined;
  if (request.key) {
    inFlight.get(request.key)?.abort();
    controller = new AbortController();
    inFlight.set(request.key, controller);
  }
  try {
    return await fetch(`${url.pathname}${url.search}`, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal: controller?.signal,
    });
  } finally {
    if (request.key && inFlight.get(request.key) === controller) inFlight.delete(request.key);
  }
}

/**
 * Reads and drops the body of an answer whose status says everything. A fetch whose body is never read stays
 * "loading" in Chromium's network log: Lighthouse then waits for network quiet until its 45 s limit (tracing a
 * page that went on animating), and Playwright's `networkidle` never comes.
 */
export async function discardBody(response: Response): Promise<void> {
  await response.arrayBuffer().catch(() => undefined);
}

/**
 * A call whose success is a JSON body, parsed by its contract's schema (`src/lib/contracts/`): the caller gets
 * the contract's type or an error, never an unchecked cast. Any other status throws an ApiError with the
 * server's message; an answer that breaks its contract throws the schema's error.
 */
export async function apiJson<T>(
  path: string,
  loadSchema: SchemaLoader<T>,
  request: ApiRequest = {},
): Promise<T> {
  const response = await apiFetch(path, request);
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = await apiErrorOf(payload);
    throw new ApiError(response.status, error?.message ?? response.statusText, error?.code);
  }
  const [{ parse }, schema] = await Promise.all([loadZod(), loadSchema()]);
  return parse(schema, payload);
}

/** The error of an answer's body parsed by the common error contract, or undefined when it is not one. */
export async function apiErrorOf(payload: unknown): Promise<ApiErrorAnswer['error'] | undefined> {
  const [{ safeParse }, { apiErrorAnswer }] = await Promise.all([
    loadZod(),
    import('@/lib/contracts/api-error'),
  ]);
  return safeParse(apiErrorAnswer, payload).data?.error;
}
