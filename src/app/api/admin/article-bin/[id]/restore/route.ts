// POST /api/admin/article-bin/{id}/restore: a deleted draft comes back from the bin
import { getDb } from '@/server/db/client';
import { restoreFromBin } from '@/server/editorial/article-bin';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.editOwn');
  return restoreFromBin(db, principal, await routeParam(context, 'id'));
});
