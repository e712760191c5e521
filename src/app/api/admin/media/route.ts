// GET / POST /api/admin/media: uploads (multipart `file`, `alt`) and the library's list (kind, q, page)
import { mediaListQuery } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { uploadMedia } from '@/server/editorial/media';
import { listMedia } from '@/server/editorial/media-library';
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
