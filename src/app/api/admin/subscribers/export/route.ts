// GET /api/admin/subscribers/export: every subscriber as CSV, streamed
import { getDb } from '@/server/db/client';
import { exportSubscribers } from '@/server/newsletter/subscriber-admin';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'subscriber.manage');
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await exportSubscribers(db, principal), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="abonnes-newsletter-${day}.csv"`,
    },
  });
});
