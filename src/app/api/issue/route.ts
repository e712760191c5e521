// GET /api/issue
import { sharedRead } from '@/server/cache/shared-reads';
import { currentIssueAnswer } from '@/server/daily-issue/issue-answer';
import { getDb } from '@/server/db/client';
import { apiRoute } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

/** The current daily issue and its news, or a 404 before the first issue. */
export const GET = apiRoute(async () =>
  sharedRead('issue', '', async () => currentIssueAnswer(await getDb())),
);
