/**
 * Browser side of the site newsroom's Admin API calls (issue 18: newsletter campaigns, daily issue, redirects,
 * subscribers), on the newsroom's own `adminCall` (answers parsed with their contract, no casts).
 */

import { adminIssueSchema, type IssuePutBody, issueListAnswer } from '@/lib/contracts/issues';
import {
  type CampaignPatchBody,
  campaignFailuresAnswer,
  campaignListAnswer,
  campaignPreviewAnswer,
  campaignSchema,
  campaignTestAnswer,
} from '@/lib/contracts/newsletter-campaigns';
import { adminCall } from './admin';

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
