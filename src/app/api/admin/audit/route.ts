// GET /api/admin/audit (administrators): the audit log, filtered
import { auditListQuery } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { listAudit } from '@/server/staff/audit';
import { requireStaff } from '@/server/staff/auth';
import { adminQuery, adminRoute } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'audit.read');
  return listAudit(db, adminQuery(request, auditListQuery));
});
