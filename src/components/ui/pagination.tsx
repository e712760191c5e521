import Link from 'next/link';
import { FIRST_PAGE, MAX_PAGE } from '@/lib/constants';
import styles from './pagination.module.css';

type PaginationProps = {
  current: number;
  /** Pages in all; capped at MAX_PAGE. */
  total: number;
  /** The href of a page number (e.g. `(page) => archivePath(year, month, page)`). */
  hrefFor: (page: number) => string;
  /** Page numbers shown on each side of the current one. */
  around?: number;
};

/** The page numbers to show: the first, the last, the current and its neighbours; null marks a gap. */
export function pageWindow(current: number, total: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = FIRST_PAGE; page <= total; page++) {
    if (page === FIRST_PAGE || page === total || Math.abs(page - current) <= around) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

/**
 * Page links with previous and next (server component: the hrefs are built on the server).
 *
 * Usage: `<Pagination current={page} total={pages} hrefFor={(p) => archivePath(year, month, p)} />`
 */
export function Pagination({ current, total, hrefFor, around }: PaginationProps) {
  const last = Math.min(total, MAX_PAGE);
  if (last <= FIRST_PAGE) return null;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      <ul className={styles.list}>
        <li>
          {current > FIRST_PAGE ? (
            // Pages of a list, each rendered by the server: none is prefetched (the news lists' rule).
            <Link href={hrefFor(current - 1)} className={styles.step} rel="prev" prefetch={false}>
              <span aria-hidden="true">‹ </span>Précédent
            </Link>
          ) : null}
        </li>
        {pageWindow(current, last, around).map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                href={hrefFor(page)}
                className={styles.page}
                aria-current={page === current ? 'page' : undefined}
                aria-label={`Page ${page}`}
                prefetch={false}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < last ? (
            <Link href={hrefFor(current + 1)} className={styles.step} rel="next" prefetch={false}>
              Suivant<span aria-hidden="true"> ›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
