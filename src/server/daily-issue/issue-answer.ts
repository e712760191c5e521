import 'server-only';
import { DAILY_NAME } from '@/lib/site';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { type DailyIssue, getCurrentIssue } from './daily-issue';

export const NO_ISSUE_MESSAGE = `Aucun numéro de ${DAILY_NAME} n'est encore paru.`;

/** The answer of GET /api/issue: the current issue, or a 404 while none has been published. */
export async function currentIssueAnswer(db: Db): Promise<DailyIssue> {
  const issue = await getCurrentIssue(db);
  if (!issue) throw new AppError('not_found', NO_ISSUE_MESSAGE);
  return issue;
}
