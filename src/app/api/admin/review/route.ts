// GET /api/admin/review (docs/ADMIN-API.md): how many articles wait for review
import { getDb } from '@/server/db/client';
import { reviewQueue } from '@/server/review/notes';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'review.queue');
  return reviewQueue(db);
});
