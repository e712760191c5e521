// POST /api/admin/taxonomy/topics (docs/ADMIN-API.md): a new topic or thematic
import { topicCreateBody } from '@/lib/contracts/taxonomy';
import { getDb } from '@/server/db/client';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, created } from '@/server/staff/route';
import { createTopic } from '@/server/taxonomy/taxonomy';

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'taxonomy.manage');
  return created(await createTopic(db, principal, await adminJson(request, topicCreateBody)));
});
