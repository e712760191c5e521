// GET / PATCH / DELETE /api/admin/articles/{id} (DELETE: to the bin)
import { articleDeleteQuery, articlePatchBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { deleteDraft } from '@/server/editorial/article-bin';
import { getAdminArticle, patchArticle } from '@/server/editorial/articles';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminQuery, adminRoute, noContent, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return getAdminArticle(db, await routeParam(context, 'id'));
});

export const PATCH = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.editOwn');
  const id = await routeParam(context, 'id');
  return patchArticle(db, principal, id, await adminJson(request, articlePatchBody));
});

export const DELETE = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.editOwn');
  const { version } = adminQuery(request, articleDeleteQuery);
  await deleteDraft(db, principal, await routeParam(context, 'id'), version);
  return noContent();
});
