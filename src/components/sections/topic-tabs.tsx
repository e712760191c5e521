import Link from 'next/link';
import styles from './topic-tabs.module.css';

export type TopicTab = { label: string; href: string; current: boolean };

/** The topics of a section as a row of links, the current one marked for assistive technologies. */
export function TopicTabs({ tabs, label }: { tabs: readonly TopicTab[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.tabs}>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={tab.current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
