// GET /api/admin/articles/{id}/revisions/diff?from=N&to=M
import { revisionDiffQuery } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { diffRevisions } from '@/server/editorial/revisions';
import { requireStaff } from '@/server/staff/auth';
import { adminQuery, adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  const { from, to } = adminQuery(request, revisionDiffQuery);
  return diffRevisions(db, await routeParam(context, 'id'), from, to);
});
