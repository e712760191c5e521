// GET /api/admin/pages/{slug}/revisions/{rev} (docs/ADMIN-API.md): one revision with the fields it saved
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/newsroom/auth';
import { adminRoute, numericParam, routeParam } from '@/server/newsroom/route';
import { getStaticPageRevision, pageSlugOf } from '@/server/site-newsroom/static-pages';

type Context = { params: Promise<{ slug: string; rev: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'page.read');
  const slug = pageSlugOf(await routeParam(context, 'slug'));
  return getStaticPageRevision(db, slug, await numericParam(context, 'rev'));
});
