import { BookshopView } from '@/components/shop/bookshop-view';
import { HOME_OFFERS_CATEGORY, HOME_OFFERS_PRODUCTS } from '@/lib/constants';
import { shopLinks } from '@/lib/shop-links';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { getProducts } from '@/server/shop/products';
import { listWhitePapers } from '@/server/shop/white-papers';
import { type EditablePageProps, editablePage } from '../../_sections/editable-page';

// Cached like the news pages and refreshed at once when staff save the page or the home blocks (white papers) in
// the newsroom (decision 016); no path is rendered at build time, so `next build` never opens the database.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { rest: string[] }[] {
  return [];
}

const page = editablePage('librairie', async (intro) => {
  const db = await getDb();
  const [products, whitePapers] = await Promise.all([
    getProducts(db, { categories: [HOME_OFFERS_CATEGORY], nbProducts: HOME_OFFERS_PRODUCTS }),
    listWhitePapers(db),
  ]);
  return (
    <BookshopView
      intro={intro}
      products={products}
      whitePapers={whitePapers}
      shop={shopLinks(env().SHOP_BASE_URL)}
      siteUrl={env().SITE_URL}
    />
  );
});
export const generateMetadata = page.generateMetadata;

/** /librairie: its introduction edited in the newsroom (/redaction/pages), then the shop's offers and white papers. */
export default function BookshopPage({ params }: EditablePageProps) {
  return page.render(params);
}
