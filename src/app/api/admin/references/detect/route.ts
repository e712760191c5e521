// POST /api/admin/references/detect: the legal references of a text, for the editor's panel (docs/ADMIN-API.md)
import { type DetectReferencesAnswer, detectReferencesBody } from '@/lib/contracts/legal-references';
import { getDb } from '@/server/db/client';
import { describeDetection } from '@/server/legal-references/describe';
import { requireStaff } from '@/server/staff/auth';
import { adminJson, adminRoute } from '@/server/staff/route';

/** A JSON-encoded text of the longest length allowed, each character escaped at worst (\uXXXX). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const POST = adminRoute(async (request): Promise<DetectReferencesAnswer> => {
  const db = await getDb();
  await requireStaff(db, request, 'article.read');
  const { text } = await adminJson(request, detectReferencesBody, MAX_BODY_BYTES);
  return describeDetection(text);
});
