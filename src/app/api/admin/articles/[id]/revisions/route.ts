// GET /api/admin/articles/{id}/revisions
import { getDb } from '@/server/db/client';
import { listRevisions } from '@/server/editorial/revisions';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return listRevisions(db, await routeParam(context, 'id'));
});
