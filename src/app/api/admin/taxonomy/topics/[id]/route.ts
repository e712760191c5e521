// PATCH / DELETE /api/admin/taxonomy/topics/{id} (docs/ADMIN-API.md): edit a topic, or delete it moving its articles
import { topicDeleteQuery, topicIdSchema, topicPatchBody } from '@/lib/contracts/taxonomy';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminQuery, adminRoute, noContent, routeParam } from '@/server/staff/route';
import { deleteTopic, patchTopic } from '@/server/taxonomy/taxonomy';

type Context = { params: Promise<{ id: string }> };

async function idOf(context: Context): Promise<string> {
  const id = topicIdSchema.safeParse(await routeParam(context, 'id'));
  if (!id.success) throw new AppError('not_found', 'Thème introuvable.');
  return id.data;
}

export const PATCH = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'taxonomy.manage');
  return patchTopic(db, principal, await idOf(context), await adminJson(request, topicPatchBody));
});

export const DELETE = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'taxonomy.manage');
  await deleteTopic(db, principal, await idOf(context), adminQuery(request, topicDeleteQuery).moveTo);
  return noContent();
});
