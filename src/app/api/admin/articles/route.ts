// GET / POST /api/admin/articles (docs/ADMIN-API.md)
import { articleCreateBody, articleListQuery } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { createArticle, listAdminArticles } from '@/server/editorial/articles';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminQuery, adminRoute, created } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return listAdminArticles(db, adminQuery(request, articleListQuery));
});

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.create');
  return created(await createArticle(db, principal, await adminJson(request, articleCreateBody)));
});
