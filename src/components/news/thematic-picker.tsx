'use client';

import { useRouter } from 'next/navigation';
import { useId } from 'react';
import styles from './listing.module.css';

type Props = { options: { label: string; href: string }[]; current: string };

/** The 'ALLER À' picker of a topic with many thematics: choosing one opens its page. */
export function ThematicPicker({ options, current }: Props) {
  const router = useRouter();
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.filterLabel}>
        ALLER À
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => event.target.value && router.push(event.target.value)}
      >
        <option value="">Choisir une thématique</option>
        {options.map((option) => (
          <option key={option.href} value={option.href}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
