import 'server-only';
import { ZodError } from 'zod';
import { isConnectionLoss } from '../db/reachability';

/** Stable error codes of the API; each maps to one HTTP status. */
const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  /** A stale version or a step that does not apply to the current state (the Admin API). */
  conflict: 409,
  /** A withdrawn article (the newsroom unpublished it). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error the API answers with its code, status and French message (never a stack trace). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { field: string; message: string }[],
    /** For rate_limited: seconds until the client may try again (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Turns a zod failure into a 400 that names each bad field. */
export function validationError(error: ZodError): AppError {
  return new AppError(
    'bad_request',
    'Paramètres invalides.',
    error.issues.map((issue) => ({ field: issue.path.join('.') || '(racine)', message: issue.message })),
  );
}

/** Maps any thrown value to an AppError; unknown errors become a generic 500 whose message reveals nothing. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (isConnectionLoss(error)) {
    return new AppError(
      'unavailable',
      'Service momentanément indisponible, merci de réessayer dans un instant.',
    );
  }
  return new AppError('internal', 'Une erreur est survenue, merci de ré-essayer ultérieurement');
}
