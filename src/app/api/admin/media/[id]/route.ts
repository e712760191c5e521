// GET / PATCH / DELETE /api/admin/media/{id}: details and usage, {alt, caption, focalPoint}, deletion if unused
import { mediaPatchBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { deleteMedia, getMediaDetail, updateMedia } from '@/server/editorial/media-library';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, noContent, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return getMediaDetail(db, await numericParam(context, 'id'));
});

export const PATCH = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'media.upload');
  const changes = await adminJson(request, mediaPatchBody, 4 * 1024);
  return updateMedia(db, principal, await numericParam(context, 'id'), changes);
});

export const DELETE = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'media.upload');
  await deleteMedia(db, principal, await numericParam(context, 'id'));
  return noContent();
});
