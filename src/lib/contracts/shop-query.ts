/**
 * The queries of the shop calls, validated by their route handlers. Full Zod (transforms, preprocess): these run
 * on the server only, so they stay out of ./shop.ts, whose answer schemas the browser bundles.
 */
import { z } from 'zod';
import { DEFAULT_PRODUCTS_COUNT } from '@/lib/constants';
import { integerParam, listParam, optional, slugParam } from './query-params';

/** Most products one request may ask for. */
const MAX_PRODUCTS = 50;
/** Most categories, ids or skus one request may name. */
const MAX_LIST_ITEMS = 50;

/** A category id, memento code or sku: letters, digits, hyphens and underscores. */
const code = z
  .string()
  .max(100, 'trop long (100 caractères au plus)')
  .regex(
    /^[A-Za-z0-9_-]+$/,
    'doit contenir uniquement des lettres, des chiffres, des tirets et des soulignés',
  );

/** The query of GET /api/eshop/products (spec section 7): lists joined by ';'. */
export const productsQuerySchema = z.object({
  nbProducts: optional(integerParam(1, MAX_PRODUCTS)).default(DEFAULT_PRODUCTS_COUNT),
  categories: optional(listParam(code, /;/, MAX_LIST_ITEMS)),
  ids: optional(listParam(code, /;/, MAX_LIST_ITEMS)),
  metier: optional(slugParam),
  subject: optional(slugParam),
  skus: optional(listParam(code, /;/, MAX_LIST_ITEMS)),
});

/** The query of GET /api/eshop/textSearch: any text; what cannot be searched finds nothing. */
export const textSearchQuerySchema = z.object({ text: z.string().optional() });
