import Link from 'next/link';
import styles from './search.module.css';

export type SearchTab = { label: string; href: string; current: boolean; external?: boolean };

/** The collection tabs: Tous, the daily's news, the subscriber collections, and the shop's products (external). */
export function SearchTabs({ tabs, label }: { tabs: SearchTab[]; label: string }) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      <ul className={styles.tabList}>
        {tabs.map((tab) => (
          <li key={tab.label}>
            {tab.external ? (
              <a href={tab.href} className={styles.tab} target="_blank" rel="noopener noreferrer">
                {tab.label}
                <span className="visually-hidden"> (boutique, nouvel onglet)</span>
                <span aria-hidden="true"> ↗</span>
              </a>
            ) : (
              <Link
                href={tab.href}
                className={styles.tab}
                aria-current={tab.current ? 'page' : undefined}
                prefetch={false}
              >
                {tab.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
