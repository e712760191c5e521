// GET /api/admin/article-bin: the deleted drafts the caller may restore (docs/ADMIN-API.md, "Bin")
import { getDb } from '@/server/db/client';
import { listBin } from '@/server/editorial/article-bin';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  return listBin(db, await requireStaff(db, request, 'article.read'));
});
