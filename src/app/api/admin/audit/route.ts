// GET /api/admin/audit (administrators): the audit log, filtered
import { auditListQuery } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { listAudit } from '@/server/newsroom/audit';
import { requireStaff } from '@/server/newsroom/auth';
import { adminQuery, adminRoute } from '@/server/newsroom/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'audit.read');
  return listAudit(db, adminQuery(request, auditListQuery));
});
