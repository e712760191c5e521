// GET /api/admin/newsletters/{id}/failures: refused recipients with the SMTP server's answer
import { getDb } from '@/server/db/client';
import { listFailures } from '@/server/newsletter/campaigns';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'newsletter.read');
  return listFailures(db, await numericParam(context, 'id'));
});
