// POST /api/admin/pages/{slug}/preview (docs/ADMIN-API.md): the page as readers would see these fields; nothing saved
import { STATIC_PAGE_JSON_BYTES, staticPagePreviewBody } from '@/lib/contracts/static-pages';
import { getDb } from '@/server/db/client';
import { pageSlugOf, previewStaticPage } from '@/server/editorial-pages/static-pages';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ slug: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'page.read');
  pageSlugOf(await routeParam(context, 'slug'));
  return previewStaticPage(await adminJson(request, staticPagePreviewBody, STATIC_PAGE_JSON_BYTES));
});
