// GET / POST /api/admin/api-keys (administrators)
import { apiKeyCreateBody } from '@/lib/contracts/admin';
import { getDb } from '@/server/db/client';
import { createApiKey, listApiKeys } from '@/server/staff/api-keys';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, created } from '@/server/staff/route';

export const GET = adminRoute(async (request) => {
  const db = await getDb();
  await requireStaff(db, request, 'apiKey.manage');
  return { items: await listApiKeys(db) };
});

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'apiKey.manage');
  return created(await createApiKey(db, principal, await adminJson(request, apiKeyCreateBody, 4 * 1024)));
});
