// GET /api/admin/newsletters/{id}/results: delivered, bounced, unsubscribed and clicks, without tracking pixels
import { getDb } from '@/server/db/client';
import { campaignResults } from '@/server/newsletter/campaign-links';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'newsletter.read');
  return campaignResults(db, await numericParam(context, 'id'));
});
