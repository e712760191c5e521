import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './newsroom.module.css';

/**
 * The parts the newsroom's tables and filtered lists share: the table with its header row, the buttons of a
 * filter form, the pager and the link-styled button of a row.
 */

/**
 * A table of the newsroom in its scrolling frame: the header row of `columns` (with `actions`, a last column for
 * the row's links, named for screen readers only), an optional caption, and the rows given as children.
 */
export function DataTable({
  columns,
  actions = false,
  caption,
  children,
}: {
  columns: readonly string[];
  actions?: boolean;
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The end of a filter form whose filters live in the URL: apply them, or go back to `resetHref` without any. */
export function FilterActions({ resetHref }: { resetHref: string }) {
  return (
    <div className={styles.actions}>
      <button type="submit" className={styles.primaryButton}>
        Filtrer
      </button>
      <Link href={resetHref} className={styles.secondaryButton}>
        Réinitialiser
      </Link>
    </div>
  );
}

/**
 * Previous and next page links of a list of more than one page (nothing otherwise). `href` gives a page's
 * address; `showPosition` adds "Page 2 sur 7" between the links; `afterLast` stands where the next link would on
 * the last page.
 */
export function Pager({
  label,
  page,
  pageCount,
  href,
  showPosition = false,
  afterLast,
}: {
  label: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
  showPosition?: boolean;
  afterLast?: ReactNode;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      {page > 1 ? <Link href={href(page - 1)}>Page précédente</Link> : <span />}
      {showPosition ? (
        <span>
          Page {page} sur {pageCount}
        </span>
      ) : null}
      {page < pageCount ? <Link href={href(page + 1)}>Page suivante</Link> : (afterLast ?? <span />)}
    </nav>
  );
}

/**
 * A button of a table row that looks like a link: its visible word ("Fermer") and, for screen
 * readers, the words that say which row it acts on (`context`: "le compte de Marie Durand").
 */
export function RowButton({
  onClick,
  children,
  context,
}: {
  onClick: () => void;
  children: ReactNode;
  context: string;
}) {
  return (
    <button type="button" className={styles.linkButton} onClick={onClick}>
      {children}
      <span className="visually-hidden"> {context}</span>
    </button>
  );
}
