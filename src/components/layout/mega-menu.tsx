'use client';

import { MEGA_MENU_DELAY_MS } from '@/lib/constants';
import type { FeaturedProduct, LinkColumn, NavEntry } from '@/lib/navigation';
import styles from './main-navigation.module.css';
import { NavLink } from './nav-link';
import { useDropdown } from './use-dropdown';

type MegaMenuProps = {
  entry: NavEntry;
  products: readonly FeaturedProduct[];
  columns: readonly LinkColumn[];
};

/**
 * The Shop entry: a wide panel, opened on hover after MEGA_MENU_DELAY_MS, with three featured mementos. Its
 * content (the shop's links, about 60 elements) is rendered when it opens, not with the page: only the trigger
 * opens it, which needs JavaScript, and the links all lead out of the site (decision 056).
 */
export function MegaMenu({ entry, products, columns }: MegaMenuProps) {
  const { open, rootProps, triggerProps, panelProps } = useDropdown(MEGA_MENU_DELAY_MS);
  return (
    <li className={`${styles.item} ${styles.megaItem}`} {...rootProps}>
      <button className={`${styles.trigger} ${styles.shopTrigger}`} {...triggerProps}>
        {entry.label}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <div className={styles.mega} {...panelProps}>
        {open ? (
          <MegaPanel entry={entry} products={products} columns={columns} panelId={panelProps.id} />
        ) : null}
      </div>
    </li>
  );
}

function MegaPanel({ entry, products, columns, panelId }: MegaMenuProps & { panelId: string }) {
  return (
    <div className={styles.megaInner}>
      <section className={styles.featured} aria-labelledby={`${panelId}-featured`}>
        <h2 id={`${panelId}-featured`} className={styles.megaTitle}>
          Nos mémentos à la une
        </h2>
        <ul className={styles.products}>
          {products.map((product) => (
            <li key={product.href} className={styles.product}>
              <span className={styles.cover} aria-hidden="true">
                <span className={styles.coverName}>{product.name.replace('Mémento ', '')}</span>
                <span className={styles.coverBrand}>Mémento</span>
              </span>
              <span className={styles.productText}>
                <NavLink
                  link={{ label: product.name, href: product.href, external: true }}
                  className={styles.productName}
                />
                <span className={styles.edition}>{product.edition}</span>
                <span className={styles.description}>{product.description}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {columns.map((column) => (
        <section key={column.title} className={styles.column}>
          <h2 className={styles.megaTitle}>{column.title}</h2>
          <ul>
            {column.links.map((link) => (
              <li key={link.href}>
                <NavLink link={link} className={styles.dropdownLink} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className={styles.megaFooter}>
        <NavLink
          link={{ label: 'Accéder à toute la boutique', href: entry.href, external: true }}
          className={styles.megaCta}
        />
      </p>
    </div>
  );
}
