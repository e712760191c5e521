// POST /api/admin/articles/{id}/revisions/{rev}/restore {version}: the revision becomes a new version
import { revisionRestoreBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { restoreRevision } from '@/server/editorial/workflow';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, numericParam, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string; rev: string }> };

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.restore');
  const { version } = await adminJson(request, revisionRestoreBody, 1024);
  const id = await routeParam(context, 'id');
  return restoreRevision(db, principal, id, await numericParam(context, 'rev'), version);
});
