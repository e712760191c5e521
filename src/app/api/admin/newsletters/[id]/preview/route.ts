// GET /api/admin/newsletters/{id}/preview: the e-mail as subscribers receive it (subject, HTML, text)
import { getDb } from '@/server/db/client';
import { previewCampaign } from '@/server/newsletter/campaigns';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'newsletter.read');
  return previewCampaign(db, await numericParam(context, 'id'));
});
