// POST /api/admin/articles/{id}/unpublish {version}: the public address then answers 410
import { articleUnpublishBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { unpublishArticle } from '@/server/editorial/workflow';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.unpublish');
  const { version } = await adminJson(request, articleUnpublishBody, 1024);
  return unpublishArticle(db, principal, await routeParam(context, 'id'), version);
});
