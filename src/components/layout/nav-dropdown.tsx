'use client';

import type { NavEntry } from '@/lib/navigation';
import styles from './main-navigation.module.css';
import { NavLink } from './nav-link';
import { useDropdown } from './use-dropdown';

/** A main-navigation entry with a dropdown list of links. */
export function NavDropdown({ entry }: { entry: NavEntry }) {
  const { rootProps, triggerProps, panelProps } = useDropdown();
  return (
    <li className={styles.item} {...rootProps}>
      <button className={styles.trigger} {...triggerProps}>
        {entry.label}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <ul className={styles.dropdown} {...panelProps}>
        {entry.children?.map((link) => (
          <li key={link.href + link.label}>
            <NavLink link={link} className={styles.dropdownLink} />
          </li>
        ))}
      </ul>
    </li>
  );
}
