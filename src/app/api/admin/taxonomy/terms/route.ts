// GET /api/admin/taxonomy/terms (docs/ADMIN-API.md): the topic tree with usage counts, and the trades
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';
import { listTerms } from '@/server/taxonomy/taxonomy';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return listTerms(db);
});
