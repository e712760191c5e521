// GET /api/admin/home (docs/ADMIN-API.md): the home page's blocks as saved
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/newsroom/auth';
import { adminRoute } from '@/server/newsroom/route';
import { getHomeBlocks } from '@/server/site-newsroom/home-blocks';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'home.read');
  return getHomeBlocks(db);
});
