// GET /api/admin/taxonomy/terms (docs/ADMIN-API.md): the topic tree with usage counts, and the trades
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/newsroom/auth';
import { adminRoute } from '@/server/newsroom/route';
import { listTerms } from '@/server/site-newsroom/taxonomy';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return listTerms(db);
});
