// PATCH /api/admin/media/{id} {alt}
import { mediaPatchBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { updateMediaAlt } from '@/server/editorial/media';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const PATCH = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'media.upload');
  const { alt } = await adminJson(request, mediaPatchBody, 4 * 1024);
  return updateMediaAlt(db, principal, await numericParam(context, 'id'), alt);
});
