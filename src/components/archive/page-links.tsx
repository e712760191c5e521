import Link from 'next/link';
import styles from './page-links.module.css';

type Props = {
  page: number;
  pageCount: number;
  /** The URL of a page. */
  href: (page: number) => string;
  /** Names the navigation landmark (several lists may have page links). */
  label?: string;
};

/** Links to every page of a list (previous, numbers, next); nothing when there is a single page. */
export function PageLinks({ page, pageCount, href, label = 'Pages de résultats' }: Props) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav className={styles.pages} aria-label={label}>
      <ul>
        {page > 1 ? (
          <li>
            <Link href={href(page - 1)} rel="prev">
              <span aria-hidden="true">‹</span> Précédente
            </Link>
          </li>
        ) : null}
        {pages.map((number) => (
          <li key={number}>
            <Link
              href={href(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
            >
              {number}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link href={href(page + 1)} rel="next">
              Suivante <span aria-hidden="true">›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
