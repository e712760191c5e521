import { ShopLink } from '@/components/shop/shop-link';
import { Carousel } from '@/components/ui/carousel';
import { SOLUTIONS_CAROUSEL_BREAKPOINTS } from '@/lib/constants';
import type { Solution } from '@/lib/contracts/reader-pages';
import styles from './home.module.css';

/** 'Nos solutions': the publisher's digital solutions, shown only when there are some. */
export function SolutionsCarousel({ solutions }: { solutions: Solution[] }) {
  if (solutions.length === 0) return null;
  // The carousel is the labelled region: a wrapping region of the same name would repeat the landmark.
  return (
    <div className={styles.band}>
      <div className={styles.bandHeader}>
        <h2 id="nos-solutions">Nos solutions</h2>
      </div>
      <Carousel
        label="Nos solutions"
        breakpoints={SOLUTIONS_CAROUSEL_BREAKPOINTS}
        items={solutions.map((solution) => (
          <article key={solution.link} className={styles.solution} style={{ borderTopColor: solution.color }}>
            <h3>
              <ShopLink href={solution.link}>{solution.title}</ShopLink>
            </h3>
            <p>{solution.text}</p>
          </article>
        ))}
      />
    </div>
  );
}
