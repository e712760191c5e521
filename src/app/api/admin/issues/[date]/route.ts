// GET / PUT /api/admin/issues/{date}: the issue of a day (or a proposal), composed and published
import { roleAllows } from '@/lib/contracts/admin';
import { issueDateSchema, issuePutBody } from '@/lib/contracts/issues';
import { getAdminIssue, putIssue } from '@/server/daily-issue/issues';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { ROLE_FORBIDDEN_MESSAGE, requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ date: string }> };

async function dayOf(context: Context): Promise<string> {
  const day = issueDateSchema.safeParse(await routeParam(context, 'date'));
  if (!day.success) throw new AppError('not_found', 'Date de numéro invalide (AAAA-MM-JJ).');
  return day.data;
}

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  await requireStaff(db, request, 'issue.read');
  return getAdminIssue(db, await dayOf(context));
});

export const PUT = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'issue.edit');
  const day = await dayOf(context);
  const body = await adminJson(request, issuePutBody);
  if (body.publishAt && !roleAllows(principal.role, 'issue.publish')) {
    throw new AppError('forbidden', ROLE_FORBIDDEN_MESSAGE);
  }
  return putIssue(db, principal, day, body);
});
