// GET / POST /api/admin/staff (administrators)
import { staffCreateBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/staff/auth';
import { createStaffMember } from '@/server/staff/invitations';
import { adminJson, adminRoute, created } from '@/server/staff/route';
import { listStaff } from '@/server/staff/staff';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'staff.manage');
  return { items: await listStaff(db) };
});

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'staff.manage');
  return created(await createStaffMember(db, principal, await adminJson(request, staffCreateBody, 4 * 1024)));
});
