// GET / POST /api/admin/newsletters (docs/ADMIN-API.md): the campaigns' history, a new campaign from a day's issue
import { campaignCreateBody } from '@/lib/contracts/newsletter-campaigns';
import { getDb } from '@/server/db/client';
import { createCampaign, listCampaigns } from '@/server/newsletter/campaigns';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, created } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'newsletter.read');
  return { items: await listCampaigns(db) };
});

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'newsletter.edit');
  const { date } = await adminJson(request, campaignCreateBody);
  return created(await createCampaign(db, principal, date));
});
