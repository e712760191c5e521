/** Browser side of the shop catalogue's Admin API calls: product mappings and the feed import. */

import { type ProductMapping, productMappingsAnswer, shopImportAnswer } from '@/lib/contracts/shop-catalogue';
import { adminCall, adminUpload } from '../admin';

export const getMappings = (signal?: AbortSignal) =>
  adminCall(productMappingsAnswer, '/shop/mappings', { signal });
export const putMappings = (items: ProductMapping[]) =>
  adminCall(productMappingsAnswer, '/shop/mappings', { method: 'PUT', json: { items } });

/** The shop's feed: CSV, or NDJSON for a `.ndjson`/`.jsonl` file; the whole catalogue or nothing. */
export const importShopCatalogue = (file: File) =>
  adminUpload(
    shopImportAnswer,
    '/shop/products/import',
    file,
    /\.(ndjson|jsonl)$/i.test(file.name) ? 'application/x-ndjson' : 'text/csv',
  );
