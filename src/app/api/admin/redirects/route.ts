// GET / POST / DELETE /api/admin/redirects (docs/ADMIN-API.md): old addresses moved (301) or gone (410)
import { redirectCreateBody, redirectDeleteQuery, redirectListQuery } from '@/lib/contracts/redirects';
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminQuery, adminRoute, created, noContent } from '@/server/staff/route';
import { createRedirect, deleteRedirect, listRedirects } from '@/server/taxonomy/redirects';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'redirect.read');
  return listRedirects(db, adminQuery(request, redirectListQuery));
});

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'redirect.manage');
  return created(await createRedirect(db, principal, await adminJson(request, redirectCreateBody)));
});

export const DELETE = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'redirect.manage');
  await deleteRedirect(db, principal, adminQuery(request, redirectDeleteQuery).fromPath);
  return noContent();
});
