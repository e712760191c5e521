// GET /api/admin/articles/{id}/revisions/{rev}: one revision with its full snapshot
import { getDb } from '@/server/db/client';
import { getRevision } from '@/server/editorial/revisions';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, numericParam, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string; rev: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return getRevision(db, await routeParam(context, 'id'), await numericParam(context, 'rev'));
});
