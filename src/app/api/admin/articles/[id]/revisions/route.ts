// GET /api/admin/articles/{id}/revisions
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/newsroom/auth';
import { listRevisions } from '@/server/newsroom/revisions';
import { adminRoute, routeParam } from '@/server/newsroom/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return listRevisions(db, await routeParam(context, 'id'));
});
