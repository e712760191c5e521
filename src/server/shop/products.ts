import 'server-only';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import { DEFAULT_PRODUCTS_COUNT, PRODUCTS_RELOAD_THRESHOLD } from '@/lib/constants';
import type { ShopProduct } from '@/lib/contracts/shop';
import { textArray } from '../content/sql-arrays';
import type { Db } from '../db/client';
import { mementoCodes, shopProducts } from '../db/schema';
import { logger } from '../log';
import { shopUrl } from './links';

/** A shop product as the shop calls answer it (spec section 3 "Shop product"). */
export type { ShopProduct };

export type ProductQuery = {
  /** How many products at most (default DEFAULT_PRODUCTS_COUNT). */
  nbProducts?: number | undefined;
  /** Shop category ids: products in at least one of them. */
  categories?: readonly string[] | undefined;
  /** Memento and bulletin codes (MFI, RJF, …), turned into their skus. */
  ids?: readonly string[] | undefined;
  /** Trade slug (fiscal, social, …) the products are promoted for. */
  metier?: string | undefined;
  /** Subject (matière) slug the products are promoted for. */
  subject?: string | undefined;
  skus?: readonly string[] | undefined;
};

type ProductRow = typeof shopProducts.$inferSelect;

function toShopProduct(row: ProductRow): ShopProduct {
  return {
    sku: row.sku,
    name: row.name,
    image_url: row.imageUrl,
    product_url: shopUrl(row.productUrl),
    add_to_cart_url: shopUrl(row.addToCartUrl),
    hook_phrase: row.hookPhrase,
    categories: row.categories,
    discount_label: row.discountLabel,
    promo_label: row.promoLabel,
    final_price: row.finalPrice,
    original_price: row.originalPrice,
    sp_to_date: row.spToDate,
  };
}

/** One lookup of the catalogue, every given filter applying at once. */
async function findProducts(db: Db, query: ProductQuery, limit: number): Promise<ProductRow[]> {
  const conditions: SQL[] = [];
  if (query.categories?.length)
    conditions.push(sql`${shopProducts.categories} && ${textArray(query.categories)}`);
  if (query.skus?.length) conditions.push(inArray(shopProducts.sku, [...query.skus]));
  if (query.ids?.length) {
    conditions.push(
      inArray(
        shopProducts.sku,
        db
          .select({ sku: mementoCodes.sku })
          .from(mementoCodes)
          .where(inArray(mementoCodes.code, [...query.ids])),
      ),
    );
  }
  if (query.metier) conditions.push(sql`${shopProducts.trades} @> ${textArray([query.metier])}`);
  if (query.subject) conditions.push(sql`${shopProducts.subjects} @> ${textArray([query.subject])}`);
  return db
    .select()
    .from(shopProducts)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(shopProducts.position), asc(shopProducts.sku))
    .limit(limit);
}

/**
 * Products for a promotion block, with the fallback of spec section 4: first with subject and trade, then
 * without subject, then without trade (nor subject), the first attempt that finds anything winning. A list of
 * PRODUCTS_RELOAD_THRESHOLD products or fewer found under a trade filter is then reloaded without it (keeping
 * the subject if the winning attempt had one), and the reload is kept when it finds more. The reload applies
 * only when more than PRODUCTS_RELOAD_THRESHOLD products were asked for: a block of one or two products is
 * already full. Categories, ids and skus apply to every attempt.
 */
export async function getProducts(db: Db, query: ProductQuery): Promise<ShopProduct[]> {
  const limit = query.nbProducts ?? DEFAULT_PRODUCTS_COUNT;
  const attempts: ProductQuery[] = [query];
  if (query.subject) attempts.push({ ...query, subject: undefined });
  if (query.metier) attempts.push({ ...query, subject: undefined, metier: undefined });

  let found: ProductRow[] = [];
  let winner: ProductQuery = query;
  for (const attempt of attempts) {
    found = await findProducts(db, attempt, limit);
    winner = attempt;
    if (found.length > 0) break;
  }
  if (winner.metier && found.length <= PRODUCTS_RELOAD_THRESHOLD && limit > PRODUCTS_RELOAD_THRESHOLD) {
    const reloaded = await findProducts(db, { ...winner, metier: undefined }, limit);
    // The trade's own products stay first: choosing a trade changes the list even when it has few of them.
    if (reloaded.length > found.length) {
      const kept = new Set(found.map((row) => row.sku));
      found = [...found, ...reloaded.filter((row) => !kept.has(row.sku))].slice(0, limit);
    }
  }
  return found.map(toShopProduct);
}

/** Longest product search text; a longer one finds nothing. */
export const PRODUCT_SEARCH_MAX_LENGTH = 200;
/** Most products a text search answers. */
export const PRODUCT_SEARCH_LIMIT = 20;

/**
 * Products whose name or hook phrase contains every word of the text (case and accents ignored). Any failure,
 * a blank or oversized text or an unreachable database included, answers an empty list (spec section 7), the
 * cause being logged.
 */
export async function searchProducts(database: Db | Promise<Db>, text: string): Promise<ShopProduct[]> {
  const pending = Promise.resolve(database);
  // Observed here so that a failure is never unhandled when the text is refused before the database is needed.
  pending.catch(() => {});
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || text.length > PRODUCT_SEARCH_MAX_LENGTH) return [];
  try {
    // The database is awaited here so that an unreachable one is a failure like any other: an empty list.
    const db = await pending;
    const haystack = sql`unaccent(lower(${shopProducts.name} || ' ' || ${shopProducts.hookPhrase} || ' ' || ${shopProducts.sku}))`;
    const rows = await db
      .select()
      .from(shopProducts)
      .where(
        and(
          ...words.map(
            (word) => sql`${haystack} like '%' || unaccent(lower(${word.replace(/[\\%_]/g, '\\$&')})) || '%'`,
          ),
        ),
      )
      .orderBy(asc(shopProducts.position), asc(shopProducts.sku))
      .limit(PRODUCT_SEARCH_LIMIT);
    return rows.map(toShopProduct);
  } catch (error) {
    logger.warn({ err: error }, 'Recherche de produits en échec');
    return [];
  }
}
