// GET /api/admin/subscribers (docs/ADMIN-API.md): newsletter subscribers, searched and filtered;
// POST: one address added by staff (with its proof of consent, or the double opt-in e-mail)
import { subscriberAddBody, subscriberListQuery } from '@/lib/contracts/subscribers';
import { getDb } from '@/server/db/client';
import { listSubscribers } from '@/server/newsletter/subscriber-admin';
import { addSubscriber } from '@/server/newsletter/subscriber-import';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminQuery, adminRoute, created } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'subscriber.read');
  return listSubscribers(db, adminQuery(request, subscriberListQuery));
});

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'subscriber.manage');
  return created(await addSubscriber(db, principal, await adminJson(request, subscriberAddBody)));
});
