// GET /api/admin/subscribers/daily?days=N: subscriptions and unsubscriptions per day
import { subscriberDailyQuery } from '@/lib/contracts/subscribers';
import { getDb } from '@/server/db/client';
import { dailySubscriberCounts } from '@/server/newsletter/subscriber-admin';
import { requireStaff } from '@/server/staff/auth';
import { adminQuery, adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'subscriber.read');
  return dailySubscriberCounts(db, adminQuery(request, subscriberDailyQuery).days);
});
