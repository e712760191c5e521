// POST / GET / DELETE /api/admin/session (docs/ADMIN-API.md)
import { type SessionAnswer, sessionCreateBody, sessionDeleteQuery } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { clientAddress } from '@/server/http/rate-limit';
import { clearedStaffCookieHeader, requireStaff, staffCookieHeader } from '@/server/staff/auth';
import { adminJson, adminQuery, adminRoute } from '@/server/staff/route';
import { currentSession, signOut } from '@/server/staff/session-calls';
import { signIn } from '@/server/staff/sign-in';

export const POST = adminRoute(async (request) => {
  const body = await adminJson(request, sessionCreateBody, 4 * 1024);
  const { token, ...answer } = await signIn(await getDb(), body, clientAddress(request));
  return Response.json(answer satisfies SessionAnswer, {
    headers: { 'Set-Cookie': staffCookieHeader(token) },
  });
});

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  return currentSession(db, await requireStaff(db, request, 'article.read', { allowPendingTotp: true }));
});

export const DELETE = adminRoute(async (request) => {
  const db = await getDb();
  const { everywhere } = adminQuery(request, sessionDeleteQuery);
  await signOut(db, await requireStaff(db, request, 'article.read', { allowPendingTotp: true }), everywhere);
  return new Response(null, { status: 204, headers: { 'Set-Cookie': clearedStaffCookieHeader() } });
});
