import Link from 'next/link';
import styles from './search.module.css';

/** A facet value as a link that toggles it (page back to 1), with its count; years carry their months. */
export type FacetLink = {
  id: string;
  label: string;
  count: number;
  href: string;
  selected: boolean;
  children?: FacetLink[];
};

/** One facet value: a check mark, its label and count; its children (months of a year) nested below. */
export function FacetValue({ entry }: { entry: FacetLink }) {
  return (
    <li>
      <Link
        href={entry.href}
        className={styles.facetLink}
        aria-current={entry.selected ? 'true' : undefined}
        scroll={false}
        // Every value is a dynamic search: prefetching dozens of them would run dozens of searches.
        prefetch={false}
      >
        <span className={styles.facetCheck} aria-hidden="true">
          {entry.selected ? '☑' : '☐'}
        </span>
        <span className={styles.facetLabel}>{entry.label}</span>
        <span className={styles.facetCount}>
          {entry.count}
          <span className="visually-hidden"> résultats{entry.selected ? ', sélectionné' : ''}</span>
        </span>
      </Link>
      {entry.children?.length ? (
        <ul className={styles.facetChildren}>
          {entry.children.map((child) => (
            <FacetValue key={child.id} entry={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
