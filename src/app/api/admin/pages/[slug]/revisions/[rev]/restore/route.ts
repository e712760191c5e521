// POST /api/admin/pages/{slug}/revisions/{rev}/restore {version} (docs/ADMIN-API.md): the revision becomes a new version
import { revisionRestoreBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { pageSlugOf, restoreStaticPageRevision } from '@/server/editorial-pages/static-pages';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, numericParam, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ slug: string; rev: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'page.edit');
  const slug = pageSlugOf(await routeParam(context, 'slug'));
  const rev = await numericParam(context, 'rev');
  const { version } = await adminJson(request, revisionRestoreBody, 1024);
  return restoreStaticPageRevision(db, principal, slug, rev, version);
});
