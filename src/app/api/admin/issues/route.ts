// GET /api/admin/issues (docs/ADMIN-API.md): the latest issues and the day the next one is for

import { listIssues } from '@/server/daily-issue/issues';
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'issue.read');
  return listIssues(db);
});
