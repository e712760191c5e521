// POST /api/admin/articles/{id}/publish {version, at?, markUpdated?}: now, or scheduled at `at`
import { articlePublishBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { publishArticle } from '@/server/editorial/workflow';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.publish');
  const body = await adminJson(request, articlePublishBody, 1024);
  return publishArticle(db, principal, await routeParam(context, 'id'), body);
});
