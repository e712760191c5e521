import type { ShopProduct } from '@/lib/contracts/shop';
import { ProductCard } from './product-card';
import styles from './product-promotion.module.css';

/** The one product promoted on a topic page. */
export function ProductPromotion({ product }: { product: ShopProduct | undefined }) {
  if (!product) return null;
  return (
    <section className={styles.promotion} aria-labelledby="produit-recommande">
      <h2 id="produit-recommande" className={styles.heading}>
        Notre sélection pour vous
      </h2>
      <ProductCard product={product} />
    </section>
  );
}
