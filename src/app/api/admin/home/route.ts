// GET /api/admin/home (docs/ADMIN-API.md): the home page's blocks as saved
import { getDb } from '@/server/db/client';
import { getHomeBlocks } from '@/server/home-blocks/home-blocks';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'home.read');
  return getHomeBlocks(db);
});
