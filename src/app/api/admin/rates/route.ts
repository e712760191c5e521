// GET /api/admin/rates (docs/ADMIN-API.md): the rate tables, their latest version and how many versions
import { getDb } from '@/server/db/client';
import { adminRateTableList } from '@/server/rate-tables/publish';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'rates.read');
  return adminRateTableList(db);
});
