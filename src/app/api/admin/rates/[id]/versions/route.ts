// POST /api/admin/rates/{id}/versions (docs/ADMIN-API.md): publish a new version (409 over an existing date)
import { rateVersionCreateBody } from '@/lib/contracts/rate-tables-admin';
import { getDb } from '@/server/db/client';
import { publishRateVersion } from '@/server/rate-tables/publish';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, created, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'rates.publish');
  const id = await routeParam(context, 'id');
  return created(
    await publishRateVersion(db, principal, id, await adminJson(request, rateVersionCreateBody)),
  );
});
