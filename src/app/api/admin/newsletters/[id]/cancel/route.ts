// POST /api/admin/newsletters/{id}/cancel: a scheduled campaign back to draft, a sending one stopped
import { getDb } from '@/server/db/client';
import { cancelCampaign } from '@/server/newsletter/campaigns';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'newsletter.send');
  return cancelCampaign(db, principal, await numericParam(context, 'id'));
});
