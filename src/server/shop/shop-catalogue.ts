import 'server-only';
import { parse } from 'csv-parse/sync';
import { asc, sql } from 'drizzle-orm';
import {
  type ProductMapping,
  type ProductMappingsAnswer,
  SHOP_IMPORT_LIMITS,
  type ShopProductLine,
  shopProductLine,
} from '@/lib/contracts/shop-catalogue';
import { SHOP_CHANGE } from '../content/cache-tags';
import { refreshReaders } from '../content/readers';
import type { Db } from '../db/client';
import { jobs, productMappings, shopProducts } from '../db/schema';
import { AppError } from '../http/errors';
import { recordPublicChange } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';

// The shop's catalogue: its product feed replaces the products in one transaction, every line
// checked first (errors reported by line like the article import, nothing written on any); and the job x subject
// → product code mapping that the search's job facet and the product fallback rules read.

// The audit log's targets: each table is replaced whole by its import.
const PRODUCTS_TABLE = { type: 'shop', id: 'products' } as const;
const MAPPINGS_TABLE = { type: 'shop', id: 'mappings' } as const;

export type CatalogueFormat = 'csv' | 'ndjson';

type Problem = { field: string; message: string };

function describe(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).join('.') || 'ligne'} : ${issue.message}`)
    .join(' ; ');
}

/** The feed's records with their line numbers: one JSON object a line, or CSV with a header line. */
function recordsOf(format: CatalogueFormat, text: string): { line: number; value: unknown }[] | Problem {
  if (format === 'ndjson') {
    const records: { line: number; value: unknown }[] = [];
    for (const [index, raw] of text.split('\n').entries()) {
      if (!raw.trim()) continue;
      try {
        records.push({ line: index + 1, value: JSON.parse(raw) });
      } catch {
        records.push({ line: index + 1, value: Symbol.for('json-invalide') });
      }
    }
    return records;
  }
  try {
    const rows = parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      max_record_size: 20_000,
      info: true,
    }) as { record: Record<string, string>; info: { lines: number } }[];
    return rows.map((row) => ({ line: row.info.lines, value: row.record }));
  } catch (error) {
    return {
      field: 'fichier',
      message: `CSV illisible : ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** Every line checked: the products, or each bad line (a duplicate sku included). */
function checkCatalogue(format: CatalogueFormat, text: string): ShopProductLine[] | Problem[] {
  const records = recordsOf(format, text);
  if (!Array.isArray(records)) return [records];
  if (records.length === 0) return [{ field: 'fichier', message: 'aucun produit' }];
  if (records.length > SHOP_IMPORT_LIMITS.lines)
    return [{ field: 'fichier', message: `au plus ${SHOP_IMPORT_LIMITS.lines} produits par import` }];
  const problems: Problem[] = [];
  const products: ShopProductLine[] = [];
  const lineOfSku = new Map<string, number>();
  for (const { line, value } of records) {
    if (value === Symbol.for('json-invalide')) {
      problems.push({ field: `ligne ${line}`, message: 'JSON invalide' });
      continue;
    }
    const parsed = shopProductLine.safeParse(value);
    if (!parsed.success) {
      problems.push({ field: `ligne ${line}`, message: describe(parsed.error) });
      continue;
    }
    const first = lineOfSku.get(parsed.data.sku);
    if (first !== undefined) {
      problems.push({
        field: `ligne ${line}`,
        message: `sku « ${parsed.data.sku} » déjà présent ligne ${first}`,
      });
      continue;
    }
    lineOfSku.set(parsed.data.sku, line);
    products.push(parsed.data);
  }
  return problems.length > 0 ? problems : products;
}

const isProblems = (value: ShopProductLine[] | Problem[]): value is Problem[] =>
  value.length > 0 && 'field' in (value[0] as object);

/** POST /api/admin/shop/products/import: the whole catalogue replaced, or 400 naming each bad line. */
export async function importCatalogue(
  db: Db,
  principal: StaffPrincipal,
  format: CatalogueFormat,
  text: string,
): Promise<number> {
  const checked = checkCatalogue(format, text);
  if (isProblems(checked)) {
    throw new AppError(
      'bad_request',
      `${checked.length} ligne(s) refusée(s) : rien n’a été importé.`,
      checked.slice(0, SHOP_IMPORT_LIMITS.reportedErrors),
    );
  }
  await db.transaction(async (tx) => {
    await tx.delete(shopProducts);
    for (let start = 0; start < checked.length; start += 500) {
      await tx.insert(shopProducts).values(
        checked.slice(start, start + 500).map((product, index) => ({
          sku: product.sku,
          name: product.name,
          imageUrl: product.image_url,
          productUrl: product.product_url,
          addToCartUrl: product.add_to_cart_url,
          hookPhrase: product.hook_phrase,
          categories: product.categories,
          discountLabel: product.discount_label,
          promoLabel: product.promo_label,
          finalPrice: product.final_price.toFixed(2),
          originalPrice: product.original_price === null ? null : product.original_price.toFixed(2),
          spToDate: product.sp_to_date,
          trades: product.trades,
          subjects: product.subjects,
          position: start + index,
        })),
      );
    }
    await recordPublicChange(tx, SHOP_CHANGE, principal, 'shop.import', PRODUCTS_TABLE, {
      products: checked.length,
      format,
    });
  });
  await refreshReaders(SHOP_CHANGE);
  return checked.length;
}

/** GET /api/admin/shop/mappings: the mapping, the jobs it may name, and how many products the catalogue holds. */
export async function getMappings(db: Db): Promise<ProductMappingsAnswer> {
  const [items, jobRows, [count]] = await Promise.all([
    db
      .select()
      .from(productMappings)
      .orderBy(asc(productMappings.job), asc(productMappings.subject), asc(productMappings.productCode)),
    db.select({ id: jobs.id, label: jobs.label }).from(jobs).orderBy(asc(jobs.sortOrder), asc(jobs.label)),
    db.select({ count: sql<number>`count(*)::int` }).from(shopProducts),
  ]);
  return { items, jobs: jobRows, products: count?.count ?? 0 };
}

/** PUT /api/admin/shop/mappings: the whole mapping replaced; a job must be known (or empty: every job). */
export async function putMappings(db: Db, principal: StaffPrincipal, items: ProductMapping[]) {
  const known = new Set((await db.select({ id: jobs.id }).from(jobs)).map((row) => row.id));
  const unknown = items.flatMap((item, index) =>
    item.job && !known.has(item.job)
      ? [{ field: `items.${index}.job`, message: `métier inconnu (${item.job})` }]
      : [],
  );
  if (unknown.length > 0) throw new AppError('bad_request', 'Paramètres invalides.', unknown.slice(0, 100));
  await db.transaction(async (tx) => {
    await tx.delete(productMappings);
    if (items.length > 0) await tx.insert(productMappings).values(items);
    await recordPublicChange(tx, SHOP_CHANGE, principal, 'shop.mappings', MAPPINGS_TABLE, {
      items: items.length,
    });
  });
  await refreshReaders(SHOP_CHANGE);
  return getMappings(db);
}
