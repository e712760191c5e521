// PATCH /api/admin/taxonomy/trades/{slug} (docs/ADMIN-API.md): a trade's label, short label and order
import { tradePatchBody } from '@/lib/contracts/taxonomy';
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, routeParam } from '@/server/staff/route';
import { patchTrade } from '@/server/taxonomy/taxonomy';

type Context = { params: Promise<{ slug: string }> };

export const PATCH = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'taxonomy.manage');
  return patchTrade(
    db,
    principal,
    await routeParam(context, 'slug'),
    await adminJson(request, tradePatchBody),
  );
});
