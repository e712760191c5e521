// POST /api/admin/subscribers/resubscribe {email}: a former subscriber gets the confirmation e-mail again
import { subscriberUnsubscribeBody } from '@/lib/contracts/subscribers';
import { getDb } from '@/server/db/client';
import { resubscribeByStaff } from '@/server/newsletter/subscriber-admin';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute } from '@/server/staff/route';

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'subscriber.manage');
  const { email } = await adminJson(request, subscriberUnsubscribeBody);
  return resubscribeByStaff(db, principal, email);
});
