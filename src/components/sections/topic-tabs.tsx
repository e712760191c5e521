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
            {/* Each tab is a listing the server renders: prefetching them all on every load costs a phone the
                payloads' reading and the server a render each, for the one tab a reader may choose. */}
            <Link href={tab.href} aria-current={tab.current ? 'page' : undefined} prefetch={false}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
