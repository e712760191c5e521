// POST /api/admin/subscribers/import?mode=preview|commit (text/csv): subscribers in bulk, with their consent
import { SUBSCRIBER_IMPORT_LIMITS, subscriberImportQuery } from '@/lib/contracts/subscribers';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { importSubscribers } from '@/server/newsletter/subscriber-import';
import { requireStaff } from '@/server/staff/auth';
import { adminQuery, adminRoute, mediaTypeOf, readLimited } from '@/server/staff/route';

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'subscriber.manage');
  const { mode } = adminQuery(request, subscriberImportQuery);
  if (!['text/csv', 'text/plain'].includes(mediaTypeOf(request))) {
    throw new AppError('unsupported_media_type', 'Le corps doit être un fichier CSV (text/csv).');
  }
  let bytes: Uint8Array;
  try {
    bytes = await readLimited(request, SUBSCRIBER_IMPORT_LIMITS.maxBytes);
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') {
      throw new AppError('payload_too_large', 'Le fichier dépasse 2 Mo : découpez-le en plusieurs fichiers.');
    }
    throw error;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(
      'bad_request',
      'Le fichier doit être encodé en UTF-8 (enregistrez-le en « CSV UTF-8 »).',
    );
  }
  return importSubscribers(db, principal, text, mode);
});
