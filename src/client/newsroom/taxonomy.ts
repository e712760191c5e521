/** Browser side of the taxonomy's Admin API calls: topics, trades and the redirects of old addresses. */

import {
  type RedirectCreateBody,
  type RedirectImportAnswer,
  redirectImportAnswer,
  redirectListAnswer,
  redirectSchema,
} from '@/lib/contracts/redirects';
import {
  adminTopicSchema,
  adminTradeSchema,
  type TopicCreateBody,
  type TopicPatchBody,
  type TradePatchBody,
  taxonomyTermsAnswer,
} from '@/lib/contracts/taxonomy';
import { adminCall, adminSend, adminUpload } from '../admin';

// Taxonomy

export const getTerms = (signal?: AbortSignal) =>
  adminCall(taxonomyTermsAnswer, '/taxonomy/terms', { signal });
export const createTopic = (body: TopicCreateBody) =>
  adminCall(adminTopicSchema, '/taxonomy/topics', { json: body });
const topicPath = (id: string) => `/taxonomy/topics/${encodeURIComponent(id)}`;
export const patchTopic = (id: string, body: TopicPatchBody) =>
  adminCall(adminTopicSchema, topicPath(id), { method: 'PATCH', json: body });
export const deleteTopic = (id: string, moveTo?: string) =>
  adminSend(topicPath(id), { method: 'DELETE', query: { moveTo } });
export const patchTrade = (slug: string, body: TradePatchBody) =>
  adminCall(adminTradeSchema, `/taxonomy/trades/${encodeURIComponent(slug)}`, {
    method: 'PATCH',
    json: body,
  });

// Redirects

export const listRedirects = (query: { q?: string; page?: number }, signal?: AbortSignal) =>
  adminCall(redirectListAnswer, '/redirects', { query, signal });
export const createRedirect = (body: RedirectCreateBody) =>
  adminCall(redirectSchema, '/redirects', { json: body });
export const deleteRedirect = (fromPath: string) =>
  adminSend('/redirects', { method: 'DELETE', query: { fromPath } });

/** The CSV file as the body (text/csv): all lines or none. */
export const importRedirectsCsv = (file: File): Promise<RedirectImportAnswer> =>
  adminUpload(redirectImportAnswer, '/redirects/import', file, 'text/csv');
