// GET /api/admin/pages/{slug}/revisions/{rev} (docs/ADMIN-API.md): one revision with the fields it saved
import { getDb } from '@/server/db/client';
import { getStaticPageRevision, pageSlugOf } from '@/server/editorial-pages/static-pages';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, numericParam, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ slug: string; rev: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'page.read');
  const slug = pageSlugOf(await routeParam(context, 'slug'));
  return getStaticPageRevision(db, slug, await numericParam(context, 'rev'));
});
