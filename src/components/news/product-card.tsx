import { ShopLink } from '@/components/shop/shop-link';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import type { ShopProduct } from '@/lib/contracts/shop';
import styles from './product-card.module.css';

type Props = { product: ShopProduct; headingLevel?: 'h2' | 'h3' };

const price = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Products as a list of cards: an article's related products, the bookshop's offers of the moment. */
export function ProductCardList({
  products,
  className,
}: {
  products: readonly ShopProduct[];
  className?: string;
}) {
  return (
    <ul className={className}>
      {products.map((product) => (
        <li key={product.sku}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

/** A shop product: cover, promotion label, name, hook phrase, price and a link to its page in the shop. */
export function ProductCard({ product, headingLevel: Heading = 'h3' }: Props) {
  return (
    <article className={styles.card}>
      <ImageWithFallback className={styles.image} src={product.image_url} alt="" width={180} height={240} />
      {product.promo_label || product.discount_label ? (
        <p className={styles.promo}>{product.promo_label ?? product.discount_label}</p>
      ) : null}
      <Heading className={styles.name}>
        <ShopLink href={product.product_url}>{product.name}</ShopLink>
      </Heading>
      {product.hook_phrase ? <p className={styles.hook}>{product.hook_phrase}</p> : null}
      <p className={styles.price}>
        {product.original_price && product.original_price !== product.final_price ? (
          <del>
            <span className="visually-hidden">Prix initial : </span>
            {price.format(Number(product.original_price))}
          </del>
        ) : null}{' '}
        <strong>{price.format(Number(product.final_price))}</strong>
      </p>
    </article>
  );
}
