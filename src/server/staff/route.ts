import 'server-only';
import type { z } from 'zod';
import { frenchErrorMap } from '@/lib/contracts/admin';
import { apiRoute, assertNoNulCharacter, parseQuery } from '../http/api-route';
import { AppError, validationError } from '../http/errors';

/** Largest JSON body of an Admin API call: an article with its sections (each body up to 2 MB of HTML). */
export const MAX_ADMIN_JSON_BYTES = 8 * 1024 * 1024;

/** Headers of every /api/admin answer: never stored anywhere, by a browser, a proxy or the page cache. */
export const ADMIN_NO_STORE = 'private, no-store';

/** An error whose answer is a whole Response (the 409 of a stale version carries the article as it now is). */
export class ResponseError extends Error {
  constructor(readonly response: Response) {
    super('response error');
  }
}

type Handler<Context> = (request: Request, context: Context) => Promise<Response | unknown>;

/**
 * An /api/admin route: `apiRoute` (cross-site writes refused, errors as JSON with French messages) with
 * `Cache-Control: private, no-store` on every answer, errors included.
 */
export function adminRoute<Context = unknown>(handler: Handler<Context>) {
  const wrapped = apiRoute<Context>(async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ResponseError) return error.response;
      throw error;
    }
  });
  return async (request: Request, context: Context): Promise<Response> => {
    const response = await wrapped(request, context);
    response.headers.set('Cache-Control', ADMIN_NO_STORE);
    return response;
  };
}

/** The query string parsed by a contract schema, French messages. */
export function adminQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.infer<Schema> {
  return parseQuery(request, schema, { error: frenchErrorMap });
}

/** A JSON body parsed by a contract schema: 415 if not JSON, 413 past `maxBytes`, 400 naming each bad field. */
export async function adminJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  maxBytes: number = MAX_ADMIN_JSON_BYTES,
): Promise<z.infer<Schema>> {
  const mediaType = mediaTypeOf(request);
  if (mediaType !== 'application/json') {
    throw new AppError(
      'unsupported_media_type',
      'Le corps de la requête doit être du JSON (application/json).',
    );
  }
  const bytes = await readLimited(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new AppError('bad_request', 'Corps JSON invalide.');
  }
  return parseValue(value, schema);
}

/** Validates a value already read (a multipart field, a merged document) with French messages. */
export function parseValue<Schema extends z.ZodType>(value: unknown, schema: Schema): z.infer<Schema> {
  assertNoNulCharacter(value);
  const result = schema.safeParse(value, { error: frenchErrorMap });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Reads the body, stopping as soon as it passes `maxBytes` (a 413): a client announcing a small body, or none,
 * cannot make the server hold more than the limit.
 */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number): AppError {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  return new AppError('payload_too_large', `Requête trop volumineuse (${megabytes} Mo au plus).`);
}

/** 204 with the no-store headers. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A JSON answer with a status (201 on creation). */
export function created(body: unknown): Response {
  return Response.json(body, { status: 201 });
}

/** The id segment of a route: bounded, so a hostile path never reaches the database as a huge value. */
export async function routeParam(
  context: { params: Promise<Record<string, string | string[] | undefined>> },
  name: string,
): Promise<string> {
  const value = (await context.params)[name];
  if (typeof value !== 'string' || value.length === 0 || value.length > 200 || value.includes('\u0000')) {
    throw new AppError('not_found', 'Introuvable.');
  }
  return value;
}

/** A numeric id segment, or 404. */
export async function numericParam(
  context: { params: Promise<Record<string, string | string[] | undefined>> },
  name: string,
): Promise<number> {
  const value = await routeParam(context, name);
  if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found', 'Introuvable.');
  return Number(value);
}
