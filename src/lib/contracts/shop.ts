import './zod-setup';
import * as z from 'zod/mini';

/**
 * The shop calls (spec section 7): the answers of /api/eshop/products, /api/eshop/textSearch and
 * /api/eshop/whitePapers. Zod Mini: parsed in the browser.
 */

/** A product of the shop (spec section 3 "Product"). */
export const shopProduct = z.object({
  sku: z.string(),
  name: z.string(),
  /** A path of this site (self-hosted image). */
  image_url: z.string(),
  product_url: z.string(),
  add_to_cart_url: z.string(),
  hook_phrase: z.string(),
  categories: z.array(z.string()),
  discount_label: z.nullable(z.string()),
  promo_label: z.nullable(z.string()),
  final_price: z.string(),
  original_price: z.nullable(z.string()),
  sp_to_date: z.nullable(z.string()),
});
export type ShopProduct = z.infer<typeof shopProduct>;

/** Answer of GET /api/eshop/products and GET /api/eshop/textSearch. */
export const shopProducts = z.array(shopProduct);

/** A white paper of the shop (spec section 3). */
export const whitePaper = z.object({ title: z.string(), img_url: z.string(), page_url: z.string() });
export type WhitePaper = z.infer<typeof whitePaper>;

/** Answer of GET /api/eshop/whitePapers. */
export const whitePapers = z.array(whitePaper);
