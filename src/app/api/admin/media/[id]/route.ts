// PATCH /api/admin/media/{id} {alt}
import { mediaPatchBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/newsroom/auth';
import { updateMediaAlt } from '@/server/newsroom/media';
import { adminJson, adminRoute, numericParam } from '@/server/newsroom/route';

type Context = { params: Promise<{ id: string }> };

export const PATCH = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'media.upload');
  const { alt } = await adminJson(request, mediaPatchBody, 4 * 1024);
  return updateMediaAlt(db, principal, await numericParam(context, 'id'), alt);
});
