// POST /api/admin/articles/{id}/submit: a draft goes to review
import { articleSubmitBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { submitArticle } from '@/server/editorial/workflow';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.submit');
  const { version } = await adminJson(request, articleSubmitBody, 1024);
  return submitArticle(db, principal, await routeParam(context, 'id'), version);
});
