// POST /api/admin/shop/products/import (text/csv or application/x-ndjson): the shop's feed, all lines or none
import { SHOP_IMPORT_LIMITS } from '@/lib/contracts/shop-catalogue';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { type CatalogueFormat, importCatalogue } from '@/server/shop/shop-catalogue';
import { requireStaff } from '@/server/staff/auth';
import { adminRoute, mediaTypeOf, readLimited } from '@/server/staff/route';

const FORMATS: Record<string, CatalogueFormat> = {
  'text/csv': 'csv',
  'application/x-ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
};

export const POST = adminRoute(async (request) => {
  const db = await getDb();
  const principal = await requireStaff(db, request, 'shop.manage');
  const format = FORMATS[mediaTypeOf(request)];
  if (!format) {
    throw new AppError(
      'unsupported_media_type',
      'Le corps doit être un fichier CSV (text/csv) ou NDJSON (application/x-ndjson).',
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      await readLimited(request, SHOP_IMPORT_LIMITS.bytes),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', 'Le fichier doit être encodé en UTF-8.');
  }
  return { imported: await importCatalogue(db, principal, format, text) };
});
