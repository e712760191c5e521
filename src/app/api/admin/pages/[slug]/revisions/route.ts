// GET /api/admin/pages/{slug}/revisions (docs/ADMIN-API.md): every save of a page, newest first
import { getDb } from '@/server/db/client';
import { listStaticPageRevisions, pageSlugOf } from '@/server/editorial-pages/static-pages';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ slug: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'page.read');
  return listStaticPageRevisions(db, pageSlugOf(await routeParam(context, 'slug')));
});
