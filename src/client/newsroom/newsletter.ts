/** Browser side of the newsletter's Admin API calls: campaigns and subscribers. */

import {
  type CampaignPatchBody,
  campaignFailuresAnswer,
  campaignListAnswer,
  campaignPreviewAnswer,
  campaignResultsAnswer,
  campaignSchema,
  campaignTestAnswer,
} from '@/lib/contracts/newsletter-campaigns';
import {
  type SubscriberAddBody,
  subscriberAddAnswer,
  subscriberDailyAnswer,
  subscriberImportReport,
  subscriberListAnswer,
  subscriberResubscribeAnswer,
  subscriberSchema,
} from '@/lib/contracts/subscribers';
import { ADMIN_API_PATH } from '@/lib/newsroom-paths';
import { adminCall, adminUpload } from '../admin';

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
export const getCampaignResults = (id: number, signal?: AbortSignal) =>
  adminCall(campaignResultsAnswer, `/newsletters/${id}/results`, { signal });

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
export const addSubscriber = (body: SubscriberAddBody) =>
  adminCall(subscriberAddAnswer, '/subscribers', { json: body });
/** The import's report: `preview` writes nothing; `commit` imports the file, all rows or none. */
export const importSubscribers = (file: File, mode: 'preview' | 'commit') =>
  adminUpload(subscriberImportReport, `/subscribers/import?mode=${mode}`, file, 'text/csv');
export const SUBSCRIBERS_EXPORT_URL = `${ADMIN_API_PATH}/subscribers/export`;
