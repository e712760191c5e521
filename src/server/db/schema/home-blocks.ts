import { integer, pgTable, text } from 'drizzle-orm/pg-core';

// Home blocks

/** The shop categories whose products fill 'Les offres du moment', in order; none: the spec's category 11. */
export const homeOfferCategories = pgTable('home_offer_categories', {
  category: text().primaryKey(),
  label: text().notNull(),
  position: integer().notNull().default(0),
});
