import Link from 'next/link';
import { FacetList } from './facet-list';
import type { FacetLink } from './facet-value';
import styles from './search.module.css';

const count = new Intl.NumberFormat('fr-FR');

export type FacetGroup = { name: string; title: string; entries: FacetLink[]; initialCount: number };

type Props = {
  groups: FacetGroup[];
  previousHref: string | null;
  nextHref: string | null;
  /** Set when the search was bounded: the counts describe only this many newest matches. */
  countedNewest: number | null;
};

/**
 * 'Affinez votre recherche': previous and next page buttons, then every facet that has values. A bounded search
 * (a very common word) counts its facets over its newest matches only, and says so.
 */
export function FacetsPanel({ groups, previousHref, nextHref, countedNewest }: Props) {
  return (
    <aside className={styles.panel} aria-labelledby="facets-title">
      <h2 id="facets-title" className={styles.panelTitle}>
        Affinez votre recherche
      </h2>
      <nav aria-label="Pages de résultats" className={styles.pager}>
        {previousHref ? (
          <Link href={previousHref} className={styles.pagerButton} rel="prev" prefetch={false}>
            ‹ Page précédente
          </Link>
        ) : (
          <span className={styles.pagerButton} aria-disabled="true">
            ‹ Page précédente
          </span>
        )}
        {nextHref ? (
          <Link href={nextHref} className={styles.pagerButton} rel="next" prefetch={false}>
            Page suivante ›
          </Link>
        ) : (
          <span className={styles.pagerButton} aria-disabled="true">
            Page suivante ›
          </span>
        )}
      </nav>
      {countedNewest !== null ? (
        <p className={styles.boundNote}>
          Décomptes établis sur les {count.format(countedNewest)} résultats les plus récents.
        </p>
      ) : null}
      {groups
        .filter((group) => group.entries.length > 0)
        .map((group) => (
          <FacetList
            key={group.name}
            title={group.title}
            entries={group.entries}
            initialCount={group.initialCount}
          />
        ))}
    </aside>
  );
}
