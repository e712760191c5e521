// GET /api/admin/pages (docs/ADMIN-API.md): the site's editorial pages with their last change
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/newsroom/auth';
import { adminRoute } from '@/server/newsroom/route';
import { listStaticPages } from '@/server/site-newsroom/static-pages';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'page.read');
  return listStaticPages(db);
});
