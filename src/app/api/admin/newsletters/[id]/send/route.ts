// POST /api/admin/newsletters/{id}/send {at?}: sending by the job runner, now or at a time
import { campaignSendBody } from '@/lib/contracts/newsletter-campaigns';
import { getDb } from '@/server/db/client';
import { sendCampaign } from '@/server/newsletter/campaigns';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'newsletter.send');
  const id = await numericParam(context, 'id');
  const { at } = await adminJson(request, campaignSendBody);
  return sendCampaign(db, principal, id, at ? new Date(at) : undefined);
});
