import type { Metadata } from 'next';
import { BOOKSHOP_TITLE, BookshopView } from '@/components/shop/bookshop-view';
import { HOME_OFFERS_CATEGORY, HOME_OFFERS_PRODUCTS, PATHS } from '@/lib/constants';
import { shopLinks } from '@/lib/shop-links';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';
import { getProducts } from '@/server/shop/products';
import { listWhitePapers } from '@/server/shop/white-papers';

// Rendered per request: the build must not need the database.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = pageMetadata({
  title: BOOKSHOP_TITLE,
  description:
    'Mémentos, ouvrages, revues, solutions numériques et livres blancs gratuits pour les professionnels du droit et du chiffre.',
  path: PATHS.bookshop,
});

export default async function BookshopPage() {
  const db = await getDb();
  const [products, whitePapers] = await Promise.all([
    getProducts(db, { categories: [HOME_OFFERS_CATEGORY], nbProducts: HOME_OFFERS_PRODUCTS }),
    listWhitePapers(db),
  ]);
  return (
    <BookshopView
      products={products}
      whitePapers={whitePapers}
      shop={shopLinks(env().SHOP_BASE_URL)}
      siteUrl={env().SITE_URL}
    />
  );
}
