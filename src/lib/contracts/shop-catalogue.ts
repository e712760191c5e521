import './zod-setup';
import { z } from 'zod';

// The shop catalogue in the Admin API (/api/admin/shop/…, docs/ADMIN-API.md): the shop's product
// feed imported whole (CSV or NDJSON, all lines or none), and the job x subject → product code mapping the search
// and the product fallback rules read.

export const SHOP_IMPORT_LIMITS = {
  bytes: 5 * 1024 * 1024,
  lines: 5_000,
  textLength: 500,
  urlLength: 1_000,
  listItems: 50,
  mappings: 1_000,
  /** Line errors reported at most (the count says how many in all). */
  reportedErrors: 100,
} as const;

const text = (max: number) => z.string().trim().max(max, `au plus ${max} caractères`);
const required = (max: number) => text(max).min(1, 'ne doit pas être vide');
const optional = (max: number) =>
  z
    .preprocess((value) => (value === '' ? undefined : value), text(max).nullish())
    .transform((value) => value ?? null);
const link = z
  .string()
  .trim()
  .max(SHOP_IMPORT_LIMITS.urlLength, `au plus ${SHOP_IMPORT_LIMITS.urlLength} caractères`)
  .regex(
    /^(?:\/(?!\/)[^\s\\]*|https?:\/\/[^\s/?#]+[^\s]*)$/,
    'doit être un chemin commençant par / ou une URL http(s)',
  );
/** A list: an array, or the feed's `;`-separated string (spec section 3). */
const list = z
  .preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(';')
            .map((item) => item.trim())
            .filter(Boolean)
        : (value ?? []),
    z
      .array(required(100))
      .max(SHOP_IMPORT_LIMITS.listItems, `au plus ${SHOP_IMPORT_LIMITS.listItems} éléments`),
  )
  .default([]);
const price = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().replace(',', '.') : value),
  z.coerce
    .number({ error: 'doit être un prix' })
    .min(0, 'doit être positif')
    .max(1_000_000, 'au plus 1 000 000')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'au plus 2 décimales'),
);

/** One product of the feed (the spec's shop product, plus the trades and subjects it is promoted for). */
export const shopProductLine = z.object({
  sku: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,100}$/, 'doit contenir lettres, chiffres, points, tirets (100 au plus)'),
  name: required(SHOP_IMPORT_LIMITS.textLength),
  image_url: link,
  product_url: link,
  add_to_cart_url: link,
  hook_phrase: text(SHOP_IMPORT_LIMITS.textLength).default(''),
  categories: list,
  discount_label: optional(100),
  promo_label: optional(100),
  final_price: price,
  original_price: z
    .preprocess((value) => (value === '' ? undefined : value), price.nullish())
    .transform((v) => v ?? null),
  sp_to_date: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.iso.date({ error: 'doit être une date AAAA-MM-JJ' }).nullish(),
    )
    .transform((value) => value ?? null),
  trades: list,
  subjects: list,
});
export type ShopProductLine = z.output<typeof shopProductLine>;

export const shopImportAnswer = z.object({ imported: z.number().int() });

/** A job id or subject slug; empty: every job, or no subject. */
const slug = z
  .string()
  .trim()
  .regex(/^(?:[A-Za-z0-9][\w-]{0,99})?$/, 'doit être un identifiant (lettres, chiffres, tirets) ou vide');

export const productMappingSchema = z.strictObject({
  job: slug,
  subject: slug,
  productCode: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,100}$/, 'doit être un code produit'),
  productLabel: required(SHOP_IMPORT_LIMITS.textLength),
});
export type ProductMapping = z.infer<typeof productMappingSchema>;

/** PUT /api/admin/shop/mappings: the whole mapping; GET answers it with the jobs it may name. */
export const productMappingsBody = z.strictObject({
  items: z
    .array(productMappingSchema)
    .max(SHOP_IMPORT_LIMITS.mappings, `au plus ${SHOP_IMPORT_LIMITS.mappings} lignes`)
    .refine(
      (items) =>
        new Set(items.map((item) => `${item.job}|${item.subject}|${item.productCode}`)).size === items.length,
      'une ligne figure deux fois',
    ),
});
export const productMappingsAnswer = z.object({
  items: z.array(productMappingSchema),
  jobs: z.array(z.object({ id: z.string(), label: z.string() })),
  products: z.number().int(),
});
export type ProductMappingsAnswer = z.infer<typeof productMappingsAnswer>;
