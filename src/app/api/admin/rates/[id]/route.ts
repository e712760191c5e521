// GET /api/admin/rates/{id} (docs/ADMIN-API.md): a rate table's history, each version with its differences
import { getDb } from '@/server/db/client';
import { adminRateTable } from '@/server/rate-tables/publish';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'rates.read');
  return adminRateTable(db, await routeParam(context, 'id'));
});
