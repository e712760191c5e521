import Link from 'next/link';
import type { ReactNode } from 'react';
import { SelectField } from './fields';
import styles from './newsroom.module.css';

/**
 * The parts the newsroom's tables and filtered lists share: the table with its header row, the selects and
 * buttons of a filter form and the URL it makes, and the pager.
 */

/**
 * A table of the newsroom in its scrolling frame: the header row of `columns` (with `actions`, a last column for
 * the row's links, named for screen readers only, or shown as `actionsHeading` when given), an optional caption,
 * and the rows given as children.
 */
export function DataTable({
  columns,
  actions = false,
  actionsHeading,
  caption,
  children,
}: {
  columns: readonly string[];
  actions?: boolean;
  actionsHeading?: string;
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    // A wide table scrolls in its frame: the frame takes the keyboard focus so that the arrows scroll it (axe:
    // scrollable-region-focusable), and is named after the table.
    <section
      className={styles.tableWrap}
      aria-label={typeof caption === 'string' ? caption : `Tableau : ${columns.join(', ')}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling frame must be reachable by keyboard.
      tabIndex={0}
    >
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
              <th scope="col">{actionsHeading ?? <span className="visually-hidden">Actions</span>}</th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
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
 * the last page. A list whose page lives in the component's state rather than the URL gives `onPage` instead of
 * `href`: the two are then buttons, disabled at either end.
 */
export function Pager({
  label,
  list: { page, pageCount },
  href,
  onPage,
  showPosition = false,
  afterLast,
}: {
  label: string;
  /** The page shown and how many there are, as a list's answer gives them. */
  list: { page: number; pageCount: number };
  showPosition?: boolean;
  afterLast?: ReactNode;
} & ({ href: (page: number) => string; onPage?: never } | { onPage: (page: number) => void; href?: never })) {
  if (pageCount <= 1) return null;
  const position = showPosition ? (
    <span>
      Page {page} sur {pageCount}
    </span>
  ) : null;
  if (onPage) {
    return (
      <nav className={styles.pager} aria-label={label}>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Page précédente
        </button>
        {position}
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          Page suivante
        </button>
      </nav>
    );
  }
  return (
    <nav className={styles.pager} aria-label={label}>
      {page > 1 ? <Link href={href(page - 1)}>Page précédente</Link> : <span />}
      {position}
      {page < pageCount ? <Link href={href(page + 1)}>Page suivante</Link> : (afterLast ?? <span />)}
    </nav>
  );
}

/** A filter of a filter form: a select whose first option, `all` ("Tous"), sets no filter. */
export function FilterSelect({
  all,
  options,
  defaultValue,
  ...select
}: {
  label: string;
  name: string;
  all: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string | number | null | undefined;
}) {
  return (
    <SelectField
      {...select}
      defaultValue={defaultValue ?? ''}
      options={[{ value: '', label: all }, ...options]}
    />
  );
}

/** The non-empty, trimmed values of the named fields of a submitted form, as the URL's search parameters. */
export function searchParamsOf(form: FormData, names: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
  }
  return params;
}
