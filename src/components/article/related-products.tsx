import { ProductCardList } from '@/components/news/product-card';
import type { ShopProduct } from '@/lib/contracts/shop';
import styles from './article.module.css';

/** 'Aller plus loin': the two shop products related to the article. */
export function RelatedProducts({ products }: { products: ShopProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className={styles.products} aria-labelledby="aller-plus-loin">
      <h2 id="aller-plus-loin">Aller plus loin</h2>
      <ProductCardList products={products} />
    </section>
  );
}
