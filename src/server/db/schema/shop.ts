import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { trades } from './taxonomy';

// Shop (the embedded shop connector)

export const shopProducts = pgTable(
  'shop_products',
  {
    sku: text().primaryKey(),
    name: text().notNull(),
    imageUrl: text().notNull(),
    productUrl: text().notNull(),
    addToCartUrl: text().notNull(),
    hookPhrase: text().notNull().default(''),
    /** Category ids; the shop sends them as a ';'-separated string. */
    categories: text().array().notNull().default(sql`'{}'::text[]`),
    discountLabel: text(),
    promoLabel: text(),
    finalPrice: numeric({ precision: 10, scale: 2 }).notNull(),
    originalPrice: numeric({ precision: 10, scale: 2 }),
    spToDate: date(),
    /** Trade slugs and subject (matière) slugs the product is promoted for. */
    trades: text().array().notNull().default(sql`'{}'::text[]`),
    subjects: text().array().notNull().default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('shop_products_categories_idx').using('gin', t.categories),
    index('shop_products_trades_idx').using('gin', t.trades),
    index('shop_products_subjects_idx').using('gin', t.subjects),
  ],
);

/** Job x subject -> product code (digital solutions, per-job variants, notary and wealth-adviser products). */
export const productMappings = pgTable(
  'product_mappings',
  {
    job: text().notNull(),
    subject: text().notNull(),
    productCode: text().notNull(),
    productLabel: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.subject, t.productCode] }),
    index('product_mappings_code_idx').on(t.productCode),
  ],
);

/** The memento and bulletin codes: code -> shop sku and editorial label. */
export const mementoCodes = pgTable('memento_codes', {
  code: text().primaryKey(),
  sku: text().notNull(),
  label: text().notNull(),
  kind: text().notNull(),
});

export const solutions = pgTable('solutions', {
  id: serial().primaryKey(),
  title: text().notNull(),
  text: text().notNull(),
  link: text().notNull(),
  color: text().notNull(),
  trades: text().array().notNull().default(sql`'{}'::text[]`),
  position: integer().notNull().default(0),
});

export const whitePapers = pgTable('white_papers', {
  id: serial().primaryKey(),
  title: text().notNull(),
  imgUrl: text().notNull(),
  pageUrl: text().notNull(),
  position: integer().notNull().default(0),
});
