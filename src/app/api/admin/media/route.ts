// GET / POST /api/admin/media: uploads (multipart `file`, `alt`) and their list
import { mediaListQuery } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { listMedia, uploadMedia } from '@/server/editorial/media';
import { requireStaff } from '@/server/staff/auth';
import { adminQuery, adminRoute, created } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  return listMedia(db, adminQuery(request, mediaListQuery));
});

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'media.upload');
  return created(await uploadMedia(db, principal, request));
});
