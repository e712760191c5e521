// GET / PATCH /api/admin/newsletters/{id}: a campaign with its counts and progress; its subject and intro
import { campaignPatchBody } from '@/lib/contracts/newsletter-campaigns';
import { getDb } from '@/server/db/client';
import { getCampaign, updateCampaign } from '@/server/newsletter/campaigns';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'newsletter.read');
  return getCampaign(db, await numericParam(context, 'id'));
});

export const PATCH = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'newsletter.edit');
  const id = await numericParam(context, 'id');
  return updateCampaign(db, principal, id, await adminJson(request, campaignPatchBody));
});
