// POST / PUT / DELETE /api/admin/session/totp: two-factor authentication of the signed-in staff member
import { totpCodeBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, noContent } from '@/server/staff/route';
import { confirmTotp, startTotpSetup } from '@/server/staff/session-calls';

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  return startTotpSetup(db, await requireStaff(db, request, 'article.read', { allowPendingTotp: true }));
});

export const PUT = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.read', { allowPendingTotp: true });
  const { code } = await adminJson(request, totpCodeBody, 1024);
  await confirmTotp(db, principal, code, true);
  return noContent();
});

export const DELETE = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'article.read', { allowPendingTotp: true });
  const { code } = await adminJson(request, totpCodeBody, 1024);
  await confirmTotp(db, principal, code, false);
  return noContent();
});
