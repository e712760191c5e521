// GET / POST /api/admin/articles/{id}/notes (docs/ADMIN-API.md): the review notes of an article
import { reviewNoteBody } from '@/lib/contracts/review-newsroom';
import { getDb } from '@/server/db/client';
import { addReviewNote, listReviewNotes } from '@/server/review/notes';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute, created, routeParam } from '@/server/staff/route';

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'review.notes');
  return listReviewNotes(db, principal, await routeParam(context, 'id'));
});

export const POST = adminRoute<Context>(async (request, context) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'review.notes');
  const id = await routeParam(context, 'id');
  return created(await addReviewNote(db, principal, id, await adminJson(request, reviewNoteBody, 16 * 1024)));
});
