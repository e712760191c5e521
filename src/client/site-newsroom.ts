/**
 * Browser side of the site newsroom's Admin API calls (issue 18: newsletter campaigns, daily issue, redirects,
 * subscribers), on the newsroom's own `adminCall` (answers parsed with their contract, no casts).
 */

import { apiErrorSchema } from '@/lib/contracts/admin';
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
import { subscriberDailyAnswer, subscriberListAnswer, subscriberSchema } from '@/lib/contracts/subscribers';
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

// Redirects

export const listRedirects = (query: { q?: string; page?: number }, signal?: AbortSignal) =>
  adminCall(redirectListAnswer, '/redirects', { query, signal });
export const createRedirect = (body: RedirectCreateBody) =>
  adminCall(redirectSchema, '/redirects', { json: body });
export const deleteRedirect = (fromPath: string) =>
  adminSend('/redirects', { method: 'DELETE', query: { fromPath } });
/** The CSV file as the body (text/csv): all lines or none. */
export async function importRedirectsCsv(file: File): Promise<RedirectImportAnswer> {
  const response = await fetch(`${ADMIN_API_PATH}/redirects/import`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
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
  return redirectImportAnswer.parse(payload);
}

// Subscribers

export const listSubscribers = (
  query: { q?: string; status?: string; page?: number },
  signal?: AbortSignal,
) => adminCall(subscriberListAnswer, '/subscribers', { query, signal });
export const subscriberDays = (days: number) =>
  adminCall(subscriberDailyAnswer, '/subscribers/daily', { query: { days } });
export const unsubscribeSubscriber = (email: string) =>
  adminCall(subscriberSchema, '/subscribers/unsubscribe', { json: { email } });
export const SUBSCRIBERS_EXPORT_URL = `${ADMIN_API_PATH}/subscribers/export`;
