// POST /api/admin/redirects/import (text/csv): a former site's addresses in bulk, all lines or none
import { REDIRECT_LIMITS } from '@/lib/contracts/redirects';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, mediaTypeOf, readLimited } from '@/server/staff/route';
import { importRedirects } from '@/server/taxonomy/redirects';

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'redirect.manage');
  if (!['text/csv', 'text/plain'].includes(mediaTypeOf(request))) {
    throw new AppError('unsupported_media_type', 'Le corps doit être un fichier CSV (text/csv).');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      await readLimited(request, REDIRECT_LIMITS.importBytes),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', 'Le fichier doit être encodé en UTF-8.');
  }
  return { imported: await importRedirects(db, principal, text) };
});
