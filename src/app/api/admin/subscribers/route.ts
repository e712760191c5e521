// GET /api/admin/subscribers (docs/ADMIN-API.md): newsletter subscribers, searched and filtered
import { subscriberListQuery } from '@/lib/contracts/subscribers';
import { getDb } from '@/server/db/client';
import { listSubscribers } from '@/server/newsletter/subscriber-admin';
import { requireStaff } from '@/server/staff/auth';
import { adminQuery, adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'subscriber.read');
  return listSubscribers(db, adminQuery(request, subscriberListQuery));
});
