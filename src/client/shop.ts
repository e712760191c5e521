/**
 * Browser side of the shop calls (spec section 7): products, product text search and white papers. Lists are
 * joined by ';'. Each call is cancellable by key (the aborted promise rejects with an AbortError).
 */
import 'client-only';
import type { ShopProduct, WhitePaper } from '@/lib/contracts/shop';
import { apiJson, isAbortError } from './http';

// The answers' schemas, loaded with the first answer to parse (see `SchemaLoader` in ./http).
const shopProducts = async () => (await import('@/lib/contracts/shop')).shopProducts;
const whitePapers = async () => (await import('@/lib/contracts/shop')).whitePapers;

export type { ShopProduct, WhitePaper };

type CallOptions = { key?: string | undefined };

/** The query of GET /api/eshop/products. */
export type ProductFilter = {
  /** How many products (the server's default is 1). */
  nbProducts?: number | undefined;
  categories?: string | readonly string[] | undefined;
  /** Memento and bulletin codes. */
  ids?: string | readonly string[] | undefined;
  /** Trade slug. */
  metier?: string | undefined;
  /** Subject slug. */
  subject?: string | undefined;
  skus?: string | readonly string[] | undefined;
};

/** Shop lists travel joined by ';' (spec section 7). */
const SHOP_LIST_SEPARATOR = ';';

const joined = (value: string | readonly string[] | undefined) =>
  typeof value === 'string' || value === undefined ? value : value.join(SHOP_LIST_SEPARATOR);

/** Products for a block; the server applies the subject/trade fallback of spec section 4. */
export function fetchProducts(filter: ProductFilter = {}, options: CallOptions = {}): Promise<ShopProduct[]> {
  return apiJson('/eshop/products', shopProducts, {
    query: {
      nbProducts: filter.nbProducts,
      categories: joined(filter.categories),
      ids: joined(filter.ids),
      metier: filter.metier,
      subject: filter.subject,
      skus: joined(filter.skus),
    },
    key: options.key,
  });
}

/**
 * Products matching a text. Any failure (network, status, bad answer) gives an empty list; only a cancellation
 * by a newer call with the same key rejects, so a stale answer never replaces a newer one.
 */
export async function searchShopProducts(text: string, options: CallOptions = {}): Promise<ShopProduct[]> {
  try {
    return await apiJson('/eshop/textSearch', shopProducts, { query: { text }, key: options.key });
  } catch (error) {
    if (isAbortError(error)) throw error;
    return [];
  }
}

export function fetchWhitePapers(options: CallOptions = {}): Promise<WhitePaper[]> {
  return apiJson('/eshop/whitePapers', whitePapers, { key: options.key });
}
