// GET /api/admin/pages (docs/ADMIN-API.md): the site's editorial pages with their last change
import { getDb } from '@/server/db/client';
import { listStaticPages } from '@/server/editorial-pages/static-pages';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'page.read');
  return listStaticPages(db);
});
