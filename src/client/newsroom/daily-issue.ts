/** Browser side of the daily issue's Admin API calls. */

import { adminIssueSchema, type IssuePutBody, issueListAnswer } from '@/lib/contracts/issues';
import { adminCall } from '../admin';

export const listIssues = (signal?: AbortSignal) => adminCall(issueListAnswer, '/issues', { signal });
export const getIssue = (date: string, signal?: AbortSignal) =>
  adminCall(adminIssueSchema, `/issues/${encodeURIComponent(date)}`, { signal });
export const putIssue = (date: string, body: IssuePutBody) =>
  adminCall(adminIssueSchema, `/issues/${encodeURIComponent(date)}`, { method: 'PUT', json: body });
