// GET /api/admin/review (docs/ADMIN-API.md): the header's counts (articles in review, unread notes)
import { getDb } from '@/server/db/client';
import { reviewQueue } from '@/server/review/notes';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  return reviewQueue(db, await requireStaff(db, request, 'review.notes'));
});
