// GET /api/admin/pages/{slug}/revisions (docs/ADMIN-API.md): every save of a page, newest first
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/newsroom/auth';
import { adminRoute, routeParam } from '@/server/newsroom/route';
import { listStaticPageRevisions, pageSlugOf } from '@/server/site-newsroom/static-pages';

type Context = { params: Promise<{ slug: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'page.read');
  return listStaticPageRevisions(db, pageSlugOf(await routeParam(context, 'slug')));
});
