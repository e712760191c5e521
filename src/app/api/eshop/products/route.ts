// GET /api/eshop/products

import { productsQuerySchema } from '@/lib/contracts/shop-query';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { getProducts } from '@/server/shop/products';

export const dynamic = 'force-dynamic';

/** Shop products by category, code, sku, trade and subject, with the fallback of spec section 4. */
export const GET = apiRoute(async (request) =>
  getProducts(await getDb(), parseQuery(request, productsQuerySchema)),
);
