// POST /api/admin/subscribers/unsubscribe {email}: one address stops receiving the newsletter
import { subscriberUnsubscribeBody } from '@/lib/contracts/subscribers';
import { getDb } from '@/server/db/client';
import { unsubscribeByStaff } from '@/server/newsletter/subscriber-admin';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute } from '@/server/staff/route';

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'subscriber.manage');
  const { email } = await adminJson(request, subscriberUnsubscribeBody);
  return unsubscribeByStaff(db, principal, email);
});
