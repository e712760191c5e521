// DELETE /api/admin/api-keys/{id} (administrators): revokes the key
import { getDb } from '@/server/db/client';
import { revokeApiKey } from '@/server/staff/api-keys';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, numericParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const DELETE = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'apiKey.manage');
  return revokeApiKey(db, principal, await numericParam(context, 'id'));
});
