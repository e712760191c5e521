// POST /api/admin/media/{id}/replace (multipart `file`): a new version of the medium at a new address
import { getDb } from '@/server/db/client';
import { uploadMedia } from '@/server/editorial/media';
import { replaceableMedium } from '@/server/editorial/media-library';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, created, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'media.upload');
  const replaced = await replaceableMedium(db, await numericParam(context, 'id'));
  return created(await uploadMedia(db, principal, request, replaced));
});
