// GET /api/admin/issues (docs/ADMIN-API.md): the latest issues and the day the next one is for
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/newsroom/auth';
import { adminRoute } from '@/server/newsroom/route';
import { listIssues } from '@/server/site-newsroom/issues';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'issue.read');
  return listIssues(db);
});
