import { ShopLink } from '@/components/shop/shop-link';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import type { WhitePaper } from '@/lib/contracts/shop';
import styles from './side-blocks.module.css';

/** The LIVRES BLANCS side block: the publisher's free white papers, on the shop. */
export function WhitePapersBlock({ papers }: { papers: WhitePaper[] }) {
  if (papers.length === 0) return null;
  return (
    <section className={`${styles.block} ${styles.papers}`} aria-labelledby="bloc-livres-blancs">
      <h2 id="bloc-livres-blancs">LIVRES BLANCS</h2>
      <ul>
        {papers.map((paper) => (
          <li key={paper.page_url}>
            <ImageWithFallback src={paper.img_url} alt="" width={64} height={83} />
            <ShopLink href={paper.page_url}>{paper.title}</ShopLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
