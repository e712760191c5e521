import type { FeaturedProduct, LinkColumn, NavEntry } from '@/lib/navigation';
import styles from './main-navigation.module.css';
import { MegaMenu } from './mega-menu';
import { NavDropdown } from './nav-dropdown';
import { NavLink } from './nav-link';

type MainNavigationProps = {
  entries: readonly NavEntry[];
  products: readonly FeaturedProduct[];
  shopColumns: readonly LinkColumn[];
};

/** The desktop navigation bar (the burger menu replaces it on small screens). */
export function MainNavigation({ entries, products, shopColumns }: MainNavigationProps) {
  return (
    <nav aria-label="Navigation principale" className={styles.nav}>
      <ul className={`container ${styles.menu}`}>
        {entries.map((entry) => {
          if (entry.mega)
            return <MegaMenu key={entry.label} entry={entry} products={products} columns={shopColumns} />;
          if (entry.children) return <NavDropdown key={entry.label} entry={entry} />;
          return (
            <li key={entry.label} className={styles.item}>
              <NavLink link={entry} className={styles.trigger} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
