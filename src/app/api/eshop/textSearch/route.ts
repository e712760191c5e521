// GET /api/eshop/textSearch

import { textSearchQuerySchema } from '@/lib/contracts/shop-query';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { searchProducts } from '@/server/shop/products';

export const dynamic = 'force-dynamic';

/** Products matching a text; an empty list on any failure. */
export const GET = apiRoute(async (request) => {
  const { text } = parseQuery(request, textSearchQuerySchema);
  return searchProducts(getDb(), text ?? '');
});
