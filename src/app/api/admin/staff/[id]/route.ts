// PATCH /api/admin/staff/{id} (administrators): name, role, or closing the account
import { staffPatchBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, numericParam } from '@/server/staff/route';
import { updateStaff } from '@/server/staff/staff';

type Context = { params: Promise<{ id: string }> };

export const PATCH = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'staff.manage');
  const changes = await adminJson(request, staffPatchBody, 4 * 1024);
  return updateStaff(db, await numericParam(context, 'id'), changes, principal);
});
