import { ProductCard } from '@/components/news/product-card';
import { ShopLink } from '@/components/shop/shop-link';
import { Carousel } from '@/components/ui/carousel';
import { OFFERS_CAROUSEL_BREAKPOINTS } from '@/lib/constants';
import type { ShopProduct } from '@/lib/contracts/shop';
import styles from './home.module.css';

/** 'Les offres du moment': the shop's current offers, with a link to all of them. */
export function OffersCarousel({
  products,
  allOffersUrl,
}: {
  products: ShopProduct[];
  allOffersUrl: string;
}) {
  if (products.length === 0) return null;
  // The carousel is the labelled region: a wrapping region of the same name would repeat the landmark.
  return (
    <div className={styles.band}>
      <div className={styles.bandHeader}>
        <h2 id="offres-du-moment">Les offres du moment</h2>
        <ShopLink href={allOffersUrl}>Toutes les offres</ShopLink>
      </div>
      <Carousel
        label="Les offres du moment"
        breakpoints={OFFERS_CAROUSEL_BREAKPOINTS}
        items={products.map((product) => <ProductCard key={product.sku} product={product} />)}
      />
    </div>
  );
}
