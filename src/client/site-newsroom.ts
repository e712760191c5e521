/**
 * Browser side of the site newsroom's Admin API calls (issue 18: newsletter campaigns, daily issue, redirects,
 * subscribers, home blocks, taxonomy), on the newsroom's own `adminCall` (answers parsed with their contract, no casts).
 */

import type { z } from 'zod';
import { apiErrorSchema, revisionListAnswer } from '@/lib/contracts/admin';
import { type HomeBlock, homeBlocksAnswer } from '@/lib/contracts/home-blocks';
import { adminIssueSchema, type IssuePutBody, issueListAnswer } from '@/lib/contracts/issues';
import {
  type CampaignPatchBody,
  campaignFailuresAnswer,
  campaignListAnswer,
  campaignPreviewAnswer,
  campaignSchema,
  campaignTestAnswer,
} from '@/lib/contracts/newsletter-campaigns';
import {
  type RedirectCreateBody,
  type RedirectImportAnswer,
  redirectImportAnswer,
  redirectListAnswer,
  redirectSchema,
} from '@/lib/contracts/redirects';
import { type ProductMapping, productMappingsAnswer, shopImportAnswer } from '@/lib/contracts/shop-catalogue';
import {
  adminStaticPageSchema,
  type StaticPageFields,
  type StaticPagePutBody,
  type StaticPageSlug,
  staticPageListAnswer,
  staticPageRevisionAnswer,
  staticPageViewSchema,
} from '@/lib/contracts/static-pages';
import {
  subscriberDailyAnswer,
  subscriberListAnswer,
  subscriberResubscribeAnswer,
  subscriberSchema,
} from '@/lib/contracts/subscribers';
import {
  adminTopicSchema,
  adminTradeSchema,
  type TopicCreateBody,
  type TopicPatchBody,
  type TradePatchBody,
  taxonomyTermsAnswer,
} from '@/lib/contracts/taxonomy';
import { ADMIN_API_PATH } from '@/lib/newsroom-paths';
import { AdminApiError, adminCall, adminSend } from './admin';

// Newsletter campaigns

export const listCampaigns = (signal?: AbortSignal) =>
  adminCall(campaignListAnswer, '/newsletters', { signal });
export const createCampaign = (date: string) => adminCall(campaignSchema, '/newsletters', { json: { date } });
export const getCampaign = (id: number, signal?: AbortSignal) =>
  adminCall(campaignSchema, `/newsletters/${id}`, { signal });
export const patchCampaign = (id: number, body: CampaignPatchBody) =>
  adminCall(campaignSchema, `/newsletters/${id}`, { method: 'PATCH', json: body });
export const previewCampaign = (id: number) => adminCall(campaignPreviewAnswer, `/newsletters/${id}/preview`);
export const testCampaign = (id: number, email: string) =>
  adminCall(campaignTestAnswer, `/newsletters/${id}/test`, { json: { email } });
export const sendCampaign = (id: number, at?: string) =>
  adminCall(campaignSchema, `/newsletters/${id}/send`, { json: at ? { at } : {} });
export const cancelCampaign = (id: number) =>
  adminCall(campaignSchema, `/newsletters/${id}/cancel`, { method: 'POST' });
export const listCampaignFailures = (id: number) =>
  adminCall(campaignFailuresAnswer, `/newsletters/${id}/failures`);

// Daily issue

export const listIssues = (signal?: AbortSignal) => adminCall(issueListAnswer, '/issues', { signal });
export const getIssue = (date: string, signal?: AbortSignal) =>
  adminCall(adminIssueSchema, `/issues/${encodeURIComponent(date)}`, { signal });
export const putIssue = (date: string, body: IssuePutBody) =>
  adminCall(adminIssueSchema, `/issues/${encodeURIComponent(date)}`, { method: 'PUT', json: body });

// Home blocks

export const getHomeBlocks = (signal?: AbortSignal) => adminCall(homeBlocksAnswer, '/home', { signal });
/** One block replaced whole, in display order (the body is checked by the server's contract). */
export const putHomeBlock = (block: HomeBlock, items: unknown[]) =>
  adminCall(homeBlocksAnswer, `/home/${block}`, { method: 'PUT', json: { items } });

// Editorial pages

const pagePath = (slug: StaticPageSlug) => `/pages/${encodeURIComponent(slug)}`;
export const listStaticPages = (signal?: AbortSignal) =>
  adminCall(staticPageListAnswer, '/pages', { signal });
export const getStaticPage = (slug: StaticPageSlug, signal?: AbortSignal) =>
  adminCall(adminStaticPageSchema, pagePath(slug), { signal });
export const putStaticPage = (slug: StaticPageSlug, body: StaticPagePutBody) =>
  adminCall(adminStaticPageSchema, pagePath(slug), { method: 'PUT', json: body });
export const previewStaticPage = (slug: StaticPageSlug, fields: StaticPageFields) =>
  adminCall(staticPageViewSchema, `${pagePath(slug)}/preview`, { json: fields });
export const listStaticPageRevisions = (slug: StaticPageSlug, signal?: AbortSignal) =>
  adminCall(revisionListAnswer, `${pagePath(slug)}/revisions`, { signal });
export const getStaticPageRevision = (slug: StaticPageSlug, number: number) =>
  adminCall(staticPageRevisionAnswer, `${pagePath(slug)}/revisions/${number}`);
export const restoreStaticPageRevision = (slug: StaticPageSlug, number: number, version: number) =>
  adminCall(adminStaticPageSchema, `${pagePath(slug)}/revisions/${number}/restore`, { json: { version } });

// Shop catalogue

export const getMappings = (signal?: AbortSignal) =>
  adminCall(productMappingsAnswer, '/shop/mappings', { signal });
export const putMappings = (items: ProductMapping[]) =>
  adminCall(productMappingsAnswer, '/shop/mappings', { method: 'PUT', json: { items } });

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
/** A file sent as the body of an import (all lines or none), its answer parsed with `schema`. */
async function uploadFile<S extends z.ZodType>(
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

/** The CSV file as the body (text/csv): all lines or none. */
export const importRedirectsCsv = (file: File): Promise<RedirectImportAnswer> =>
  uploadFile(redirectImportAnswer, '/redirects/import', file, 'text/csv');

/** The shop's feed: CSV, or NDJSON for a `.ndjson`/`.jsonl` file; the whole catalogue or nothing. */
export const importShopCatalogue = (file: File) =>
  uploadFile(
    shopImportAnswer,
    '/shop/products/import',
    file,
    /\.(ndjson|jsonl)$/i.test(file.name) ? 'application/x-ndjson' : 'text/csv',
  );

// Subscribers

export const listSubscribers = (
  query: { q?: string; status?: string; page?: number },
  signal?: AbortSignal,
) => adminCall(subscriberListAnswer, '/subscribers', { query, signal });
export const subscriberDays = (days: number) =>
  adminCall(subscriberDailyAnswer, '/subscribers/daily', { query: { days } });
export const unsubscribeSubscriber = (email: string) =>
  adminCall(subscriberSchema, '/subscribers/unsubscribe', { json: { email } });
export const resubscribeSubscriber = (email: string) =>
  adminCall(subscriberResubscribeAnswer, '/subscribers/resubscribe', { json: { email } });
export const SUBSCRIBERS_EXPORT_URL = `${ADMIN_API_PATH}/subscribers/export`;
