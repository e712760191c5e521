// POST /api/admin/newsletters/{id}/test {email}: the campaign's message to one address, at once
import { campaignTestBody } from '@/lib/contracts/newsletter-campaigns';
import { getDb } from '@/server/db/client';
import { sendTest } from '@/server/newsletter/campaigns';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'newsletter.edit');
  const id = await numericParam(context, 'id');
  const { email } = await adminJson(request, campaignTestBody);
  await sendTest(db, principal, id, email);
  return { email: email.trim().toLowerCase() };
});
