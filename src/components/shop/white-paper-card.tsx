import { ShopLink } from '@/components/shop/shop-link';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import type { WhitePaper } from '@/lib/contracts/shop';
import styles from './bookshop.module.css';

/** A free white paper of the shop: cover and title linking to its download page. */
export function WhitePaperCard({ paper }: { paper: WhitePaper }) {
  return (
    <article className={styles.paper}>
      <ImageWithFallback className={styles.paperImage} src={paper.img_url} alt="" width={120} height={156} />
      <h3 className={styles.paperTitle}>
        <ShopLink href={paper.page_url}>{paper.title}</ShopLink>
      </h3>
      <p className={styles.free}>Téléchargement gratuit</p>
    </article>
  );
}
