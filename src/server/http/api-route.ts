import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { logger } from '../log';
import { AppError, toAppError, validationError } from './errors';
import { errorResponse, jsonResponse } from './responses';

/** Largest request body an API call reads (registration is the biggest, far below this). */
export const MAX_BODY_BYTES = 64 * 1024;

type Handler<Context> = (request: Request, context: Context) => Promise<Response | unknown>;

/**
 * Wraps a /api route handler: refuses cross-site writes, turns every thrown error into a JSON answer with a
 * stable code (never a stack trace, never a 500 for bad input), adds the no-cache headers and a request id.
 * A handler returns a Response, or any value, which is sent as JSON with status 200.
 */
export function apiRoute<Context = unknown>(handler: Handler<Context>) {
  return async (request: Request, context: Context): Promise<Response> => {
    const requestId = request.headers.get('x-request-id') ?? randomUUID();
    let response: Response;
    try {
      if (!isSafeMethod(request.method)) assertSameOrigin(request);
      const result = await handler(request, context);
      response = result instanceof Response ? result : jsonResponse(result);
    } catch (error) {
      const appError = toAppError(error);
      if (appError.status >= 500) {
        logger.error(
          { err: error, requestId, method: request.method, path: new URL(request.url).pathname },
          'API error',
        );
      }
      response = errorResponse(appError);
    }
    response.headers.set('X-Request-Id', requestId);
    return response;
  };
}

function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/**
 * Cross-site request forgery guard: a write must come from a page of this site. Browsers send Origin on every
 * POST; Sec-Fetch-Site covers those that omit it. Clients that send neither (server-to-server) are let through.
 */
function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const fetchSite = request.headers.get('sec-fetch-site');
  if (origin !== null) {
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost === null || originHost !== host) throw forbiddenOrigin();
    return;
  }
  if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') throw forbiddenOrigin();
}

function forbiddenOrigin(): AppError {
  return new AppError('forbidden', 'Requête refusée : origine non autorisée.');
}

/** The query string as a record of its first values, parsed by a zod schema (400 naming each bad field). */
export function parseQuery<Schema extends z.core.$ZodType>(
  request: Request,
  schema: Schema,
  options: { error?: z.core.$ZodErrorMap } = {},
): z.output<Schema> {
  const params = new URL(request.url).searchParams;
  const record: Record<string, string> = {};
  for (const [name, value] of params) if (!(name in record)) record[name] = value;
  assertNoNulCharacter(record);
  // The functional form parses a Zod Mini schema too (the contracts the browser also loads are Mini).
  const result = z.safeParse(schema, record, options);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The request body, form-encoded (application/x-www-form-urlencoded or multipart) or JSON, parsed by a zod
 * schema. Oversized bodies are a 413, other media types a 415, malformed JSON a 400.
 */
export async function parseBody<Schema extends z.core.$ZodType>(
  request: Request,
  schema: Schema,
  options: {
    /**
     * For a call whose own validation refuses control characters field by field and must answer in its own
     * error shape (the registration web form's `{success, result, errors}`). Never pass the values to the
     * database unvalidated when this is set.
     */
    ownValidationRefusesNul?: boolean;
  } = {},
): Promise<z.output<Schema>> {
  const raw = await readBody(request);
  if (!options.ownValidationRefusesNul) assertNoNulCharacter(raw);
  const result = z.safeParse(schema, raw);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

async function readBody(request: Request): Promise<unknown> {
  const declaredLength = Number(request.headers.get('content-length') ?? '0');
  if (declaredLength > MAX_BODY_BYTES) throw tooLarge();
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/json') {
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError('bad_request', 'Corps JSON invalide.');
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded' || mediaType === '') {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (mediaType === 'multipart/form-data') {
    const form = await new Response(text, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    })
      .formData()
      .catch(() => {
        throw new AppError('bad_request', 'Formulaire invalide.');
      });
    const record: Record<string, string> = {};
    for (const [name, value] of form)
      if (typeof value === 'string' && !(name in record)) record[name] = value;
    return record;
  }
  throw new AppError('unsupported_media_type', 'Type de contenu non pris en charge.');
}

/** Deepest nesting a body may have; our calls take flat records, so anything deeper is hostile or broken. */
const MAX_BODY_DEPTH = 32;

/**
 * PostgreSQL refuses the NUL character in text: a value carrying one would fail in the database as a 500.
 * No legitimate input has it, so it is refused up front as a 400 naming the field. The walk is iterative with a
 * depth cap, so a hostile, deeply nested JSON body is a 400 rather than a stack overflow.
 */
export function assertNoNulCharacter(root: unknown): void {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: root, field: '', depth: 0 }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value, field, depth } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw invalidField(field, 'caractère nul interdit');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) throw invalidField(field, 'structure trop imbriquée');
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) throw invalidField(field, 'caractère nul interdit');
      pending.push({ value: child, field: field ? `${field}.${key}` : key, depth: depth + 1 });
    }
  }
}

function invalidField(field: string, message: string): AppError {
  return new AppError('bad_request', 'Paramètres invalides.', [{ field: field || '(racine)', message }]);
}

function tooLarge(): AppError {
  return new AppError('payload_too_large', 'Requête trop volumineuse.');
}
