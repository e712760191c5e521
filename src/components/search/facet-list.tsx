'use client';

import { useId, useState } from 'react';
import { FACET_SHOW_MORE } from '@/lib/constants';
import { type FacetLink, FacetValue } from './facet-value';
import styles from './search.module.css';

type Props = { title: string; entries: FacetLink[]; initialCount: number };

/**
 * One facet of the panel: its first `initialCount` values, 'Afficher plus' adding FACET_SHOW_MORE at a time
 * and 'Afficher moins' going back, the toggle shown whenever the facet has more values than `initialCount`
 * (so a facet of 6 to 10 values still reaches its last ones). Values are links, so choosing one works
 * without JavaScript too.
 */
export function FacetList({ title, entries, initialCount }: Props) {
  const headingId = useId();
  const [shown, setShown] = useState(initialCount);
  const visible = entries.slice(0, shown);
  const hasToggle = entries.length > initialCount;
  const allShown = shown >= entries.length;
  return (
    <section className={styles.facet} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.facetTitle}>
        {title}
      </h3>
      <ul className={styles.facetValues}>
        {visible.map((entry) => (
          <FacetValue key={entry.id} entry={entry} />
        ))}
      </ul>
      {hasToggle ? (
        <button
          type="button"
          className={styles.facetToggle}
          onClick={() => setShown(allShown ? initialCount : shown + FACET_SHOW_MORE)}
        >
          {allShown ? 'Afficher moins' : 'Afficher plus'}
          <span className="visually-hidden"> : {title}</span>
        </button>
      ) : null}
    </section>
  );
}
