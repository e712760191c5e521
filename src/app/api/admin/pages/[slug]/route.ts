// GET/PUT /api/admin/pages/{slug} (docs/ADMIN-API.md): one editorial page, replaced whole by PUT
import { STATIC_PAGE_JSON_BYTES, staticPagePutBody } from '@/lib/contracts/static-pages';
import { getDb } from '@/server/db/client';
import { getStaticPage, pageSlugOf, putStaticPage } from '@/server/editorial-pages/static-pages';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ slug: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'page.read');
  return getStaticPage(db, pageSlugOf(await routeParam(context, 'slug')));
});

export const PUT = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'page.edit');
  const slug = pageSlugOf(await routeParam(context, 'slug'));
  return putStaticPage(
    db,
    principal,
    slug,
    await adminJson(request, staticPagePutBody, STATIC_PAGE_JSON_BYTES),
  );
});
