import { formatRateCell, type RateCellValue, type RateColumnLike } from '@/lib/rate-tables';
import styles from './rate-tables.module.css';

/** A version's values as a table: the first column names each row. */
export function RateValuesTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly RateColumnLike[];
  rows: readonly RateCellValue[][];
}) {
  return (
    // A region a keyboard can reach and scroll (axe: scrollable-region-focusable): wide tables overflow a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keys.
    <section className={styles.scroll} aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
                {column.unit ? ` (${column.unit})` : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row">
                    {formatRateCell(row[0] ?? null)}
                  </th>
                ) : (
                  <td key={column.key}>{formatRateCell(row[index] ?? null, column.unit)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
