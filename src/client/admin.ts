/**
 * Browser side of the Admin API (/api/admin, docs/ADMIN-API.md): every newsroom page talks to the server through
 * these calls, and every answer is parsed with its schema of src/lib/contracts/admin.ts (no casts).
 */
import type { z } from 'zod';
import {
  type AdminArticle,
  type ArticleConflictAnswer,
  type ArticleCreateBody,
  type ArticleListQuery,
  type ArticlePatchBody,
  type ArticlePublishBody,
  adminArticleSchema,
  apiErrorSchema,
  apiKeyCreatedAnswer,
  apiKeyListAnswer,
  apiKeySchema,
  articleConflictAnswer,
  articleListAnswer,
  auditListAnswer,
  type MediaPatchBody,
  mediaAnswer,
  mediaDetailAnswer,
  mediaListAnswer,
  revisionDiffAnswer,
  revisionListAnswer,
  type SessionCreateBody,
  type StaffCreateBody,
  type StaffRole,
  sessionAnswer,
  setupStatusAnswer,
  staffListAnswer,
  staffMemberSchema,
  taxonomyAnswer,
  totpSetupAnswer,
} from '@/lib/contracts/admin';
import { detectReferencesAnswer } from '@/lib/contracts/legal-references';
import { ADMIN_API_PATH } from '@/lib/newsroom-paths';

/** Shown when the server could not be reached (the request never got an answer). */
const NETWORK_ERROR_MESSAGE = 'Le serveur est injoignable. Vérifiez votre connexion puis réessayez.';

/** An Admin API answer that was not a success: status, stable code, French message, field errors. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field: string; message: string }[] = [],
    /** The 409 of an article: what it now is and what changed. */
    readonly conflict: ArticleConflictAnswer | null = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }

  /** The message of one field (`totp`, `title`, `sections[1].title`…), if the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.details.find((detail) => detail.field === field)?.message;
  }
}

/** The request never reached the server or its answer never came back (offline, server down). */
export class NetworkError extends Error {
  constructor() {
    super(NETWORK_ERROR_MESSAGE);
    this.name = 'NetworkError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;
type CallOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** The request outlives the page (a save sent as the page goes away). */
  keepalive?: boolean;
};

function urlOf(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return `${ADMIN_API_PATH}${path}${text ? `?${text}` : ''}`;
}

async function send(path: string, options: CallOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  try {
    return await fetch(urlOf(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: options.signal,
      keepalive: options.keepalive ?? false,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
}

async function failure(response: Response): Promise<AdminApiError> {
  const payload: unknown = await response.json().catch(() => null);
  if (response.status === 409) {
    const conflict = articleConflictAnswer.safeParse(payload);
    if (conflict.success) {
      return new AdminApiError(409, 'conflict', conflict.data.error.message, [], conflict.data);
    }
  }
  const parsed = apiErrorSchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new AdminApiError(response.status, code, message, details ?? []);
  }
  return new AdminApiError(response.status, 'unknown', `Erreur ${response.status} du serveur.`);
}

/** A call whose answer is parsed with `schema`. */
export async function adminCall<S extends z.ZodType>(
  schema: S,
  path: string,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const response = await send(path, options);
  if (!response.ok) throw await failure(response);
  return schema.parse(await response.json());
}

/** A call answering 204 (or whose answer the caller does not need). */
export async function adminSend(path: string, options: CallOptions = {}): Promise<void> {
  const response = await send(path, options);
  if (!response.ok) throw await failure(response);
  await response.arrayBuffer().catch(() => undefined);
}

/** A file sent as the body of an import (all lines or none), its answer parsed with `schema`. */
export async function adminUpload<S extends z.ZodType>(
  schema: S,
  path: string,
  file: File,
  contentType: string,
): Promise<z.infer<S>> {
  const response = await fetch(`${ADMIN_API_PATH}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Accept: 'application/json' },
    body: file,
    credentials: 'same-origin',
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw new AdminApiError(
      response.status,
      parsed.success ? parsed.data.error.code : 'unknown',
      parsed.success ? parsed.data.error.message : `Erreur ${response.status} du serveur.`,
      parsed.success ? (parsed.data.error.details ?? []) : [],
    );
  }
  return schema.parse(payload);
}

/** The message to show for any failure of a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof AdminApiError || error instanceof NetworkError) return error.message;
  return 'Une erreur inattendue est survenue.';
}

// Session, setup, two-factor authentication

export const getSession = (signal?: AbortSignal) => adminCall(sessionAnswer, '/session', { signal });
export const signIn = (body: SessionCreateBody) => adminCall(sessionAnswer, '/session', { json: body });
export const signOut = (everywhere = false) =>
  adminSend('/session', { method: 'DELETE', query: { everywhere: everywhere ? 'true' : undefined } });
export const getSetupStatus = () => adminCall(setupStatusAnswer, '/setup');
export const createFirstAdministrator = (body: {
  token: string;
  email: string;
  name: string;
  password: string;
}) => adminCall(sessionAnswer, '/setup', { json: body });
export const acceptInvitation = (body: { token: string; password: string }) =>
  adminSend('/invitation', { json: body });
export const startTotp = () => adminCall(totpSetupAnswer, '/session/totp', { method: 'POST' });
export const confirmTotp = (code: string) => adminSend('/session/totp', { method: 'PUT', json: { code } });
export const disableTotp = (code: string) => adminSend('/session/totp', { method: 'DELETE', json: { code } });

// Articles

/** The list's filters as the page's URL carries them (strings), checked by the server. */
export type ArticleFilters = { [K in keyof ArticleListQuery]?: string | number };
export const listArticles = (query: ArticleFilters, signal?: AbortSignal) =>
  adminCall(articleListAnswer, '/articles', { query, signal });
export const getArticle = (id: string) =>
  adminCall(adminArticleSchema, `/articles/${encodeURIComponent(id)}`);
export const createArticle = (body: ArticleCreateBody, keepalive = false) =>
  adminCall(adminArticleSchema, '/articles', { json: body, keepalive });
export const patchArticle = (id: string, body: ArticlePatchBody, keepalive = false) =>
  adminCall(adminArticleSchema, `/articles/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: body,
    keepalive,
  });

const workflow = (
  id: string,
  step: 'submit' | 'publish' | 'unpublish',
  body: object,
): Promise<AdminArticle> =>
  adminCall(adminArticleSchema, `/articles/${encodeURIComponent(id)}/${step}`, { json: body });
export const submitArticle = (id: string, version: number) => workflow(id, 'submit', { version });
export const publishArticle = (id: string, body: ArticlePublishBody) => workflow(id, 'publish', body);
export const unpublishArticle = (id: string, version: number) => workflow(id, 'unpublish', { version });

export const listRevisions = (id: string) =>
  adminCall(revisionListAnswer, `/articles/${encodeURIComponent(id)}/revisions`);
export const diffRevisions = (id: string, from: number, to: number) =>
  adminCall(revisionDiffAnswer, `/articles/${encodeURIComponent(id)}/revisions/diff`, {
    query: { from, to },
  });
export const restoreRevision = (id: string, number: number, version: number) =>
  adminCall(adminArticleSchema, `/articles/${encodeURIComponent(id)}/revisions/${number}/restore`, {
    json: { version },
  });

export const getTaxonomy = () => adminCall(taxonomyAnswer, '/taxonomy');

// Media

export function uploadMedia(file: File, alt?: string) {
  const form = new FormData();
  form.set('file', file);
  if (alt) form.set('alt', alt);
  return adminCall(mediaAnswer, '/media', { form });
}

/** One page of the media library (GET /api/admin/media). */
export type MediaFilters = {
  kind?: 'image' | 'pdf' | undefined;
  q?: string | undefined;
  page?: number;
  perPage?: number;
};
export const listMedia = (query: MediaFilters, signal?: AbortSignal) =>
  adminCall(mediaListAnswer, '/media', { query, ...(signal ? { signal } : {}) });
export const getMedia = (id: number, signal?: AbortSignal) =>
  adminCall(mediaDetailAnswer, `/media/${id}`, signal ? { signal } : {});
export const updateMedia = (id: number, body: MediaPatchBody) =>
  adminCall(mediaAnswer, `/media/${id}`, { method: 'PATCH', json: body });
export const deleteMedia = (id: number) => adminSend(`/media/${id}`, { method: 'DELETE' });
/** A new version of the medium with this file, at a new address (decision 074). */
export function replaceMedia(id: number, file: File) {
  const form = new FormData();
  form.set('file', file);
  return adminCall(mediaAnswer, `/media/${id}/replace`, { form });
}

// Administration

export const listStaff = () => adminCall(staffListAnswer, '/staff');
export const createStaff = (body: StaffCreateBody) => adminCall(staffMemberSchema, '/staff', { json: body });
export const updateStaff = (id: number, body: { name?: string; role?: StaffRole; active?: boolean }) =>
  adminCall(staffMemberSchema, `/staff/${id}`, { method: 'PATCH', json: body });
export const listApiKeys = () => adminCall(apiKeyListAnswer, '/api-keys');
export const createApiKey = (body: { name: string; role: StaffRole }) =>
  adminCall(apiKeyCreatedAnswer, '/api-keys', { json: body });
export const revokeApiKey = (id: number) => adminCall(apiKeySchema, `/api-keys/${id}`, { method: 'DELETE' });
export const listAudit = (query: Query, signal?: AbortSignal) =>
  adminCall(auditListAnswer, '/audit', { query, signal });

// Legal references

/** The references the editor's side panel shows for the article's text. */
export const detectReferences = (text: string, signal?: AbortSignal) =>
  adminCall(detectReferencesAnswer, '/references/detect', { json: { text }, signal });
