import { ProductCardList } from '@/components/news/product-card';
import { ShopLink } from '@/components/shop/shop-link';
import { StaticPageBody } from '@/components/static/static-page';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import type { ShopProduct, WhitePaper } from '@/lib/contracts/shop';
import type { StaticPageView } from '@/lib/contracts/static-pages';
import type { ShopLinks } from '@/lib/shop-links';
import styles from './bookshop.module.css';
import { WhitePaperCard } from './white-paper-card';

type Props = {
  /** Its title, lead and text, edited in the newsroom (/redaction/pages). */
  intro: StaticPageView;
  products: ShopProduct[];
  whitePapers: WhitePaper[];
  shop: ShopLinks;
  siteUrl: string;
};

/** The bookshop: its introduction, offers of the moment, the shop's ranges and the free white papers. */
export function BookshopView({ intro, products, whitePapers, shop, siteUrl }: Props) {
  const ranges = [
    { label: 'Mémentos', text: 'Toute une matière, à jour, en un volume.', href: shop.mementos },
    { label: 'Ouvrages', text: 'Guides pratiques et traités de référence.', href: shop.books },
    { label: 'Revues', text: 'L’analyse de l’actualité par nos experts.', href: shop.reviews },
    {
      label: 'Solutions numériques',
      text: 'Votre documentation en ligne, partout.',
      href: shop.digitalSolutions,
    },
    { label: 'Formations', text: 'Se former avec les auteurs de nos ouvrages.', href: shop.training },
    { label: 'Essais gratuits', text: 'Testez nos solutions sans engagement.', href: shop.freeTrials },
  ];
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb siteUrl={siteUrl} crumbs={[{ name: intro.title }]} />
      <h1 className={styles.title}>{intro.title}</h1>
      {intro.lead ? <p className={styles.lead}>{intro.lead}</p> : null}
      <StaticPageBody html={intro.bodyHtml} />
      {products.length > 0 ? (
        <section aria-labelledby="offres-du-moment">
          <div className={styles.sectionHead}>
            <h2 id="offres-du-moment">Les offres du moment</h2>
            <ShopLink href={shop.offersOfTheMoment}>Toutes les offres</ShopLink>
          </div>
          <ProductCardList products={products} className={styles.products} />
        </section>
      ) : null}
      <section aria-labelledby="nos-collections">
        <h2 id="nos-collections" className={styles.sectionTitle}>
          Nos collections
        </h2>
        <ul className={styles.ranges}>
          {ranges.map((range) => (
            <li key={range.label}>
              <ShopLink href={range.href}>
                <strong>{range.label}</strong>
              </ShopLink>
              <p>{range.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {whitePapers.length > 0 ? (
        <section aria-labelledby="livres-blancs">
          <div className={styles.sectionHead}>
            <h2 id="livres-blancs">Livres blancs</h2>
            <ShopLink href={shop.whitePapers}>Tous les livres blancs</ShopLink>
          </div>
          <ul className={styles.papers}>
            {whitePapers.map((paper) => (
              <li key={paper.page_url}>
                <WhitePaperCard paper={paper} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {intro.updated ? <p className={styles.updated}>Dernière mise à jour : {intro.updated}</p> : null}
    </div>
  );
}
