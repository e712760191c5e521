import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PATHS } from '@/lib/constants';
import type { RateTableAnswer } from '@/lib/contracts/rate-tables';
import { formatLongDate } from '@/lib/dates';
import { diffVersions, formatRateCell, RATE_TABLES_PATH, rowSeries } from '@/lib/rate-tables';
import { FollowRateTable } from './follow-rate-table';
import { RateTableByDate } from './rate-table-by-date';
import styles from './rate-tables.module.css';
import { RowHistoryChart } from './row-history-chart';

export const RATE_TABLES_TITLE = 'Tableaux de référence';

/**
 * A rate table's page: its values in force (any other day on demand), the CSV download, "Suivre", each row's
 * history as a chart and the versions, newest first, with what each one changed.
 */
export function RateTableView({
  table,
  today,
  siteUrl,
}: {
  table: RateTableAnswer;
  today: string;
  siteUrl: string;
}) {
  const chartIndex = Math.max(
    1,
    table.columns.findIndex((column) => column.key === table.chartColumn),
  );
  const chartColumn = table.columns[chartIndex];
  const labels = [...new Set(table.versions.flatMap((version) => version.rows.map((row) => String(row[0]))))];
  const histories = labels
    .map((label) => ({ label, series: rowSeries(table.versions, label, chartIndex) }))
    .filter((history) => history.series.length > 1);
  const newestFirst = [...table.versions].reverse();
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb
        siteUrl={siteUrl}
        crumbs={[
          { name: 'Chiffres et taux', path: PATHS.rates },
          { name: RATE_TABLES_TITLE, path: RATE_TABLES_PATH },
          { name: table.title },
        ]}
      />
      <h1 className={styles.title}>{table.title}</h1>
      <p className={styles.description}>{table.description}</p>
      <div className={styles.actions}>
        <a href={`/api/rates/${table.id}?format=csv`} download className={styles.button}>
          Télécharger en CSV
        </a>
        <FollowRateTable tableId={table.id} />
      </div>
      <RateTableByDate columns={table.columns} versions={table.versions} today={today} />
      {histories.length > 0 && chartColumn ? (
        <section aria-labelledby="historique-lignes">
          <h2 id="historique-lignes" className={styles.heading}>
            Évolution : {chartColumn.label.toLowerCase()}
          </h2>
          <div className={styles.charts}>
            {histories.map((history) => (
              <RowHistoryChart
                key={history.label}
                label={history.label}
                unit={chartColumn.unit}
                series={history.series}
              />
            ))}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="historique-versions">
        <h2 id="historique-versions" className={styles.heading}>
          Historique des versions
        </h2>
        <ol className={styles.versions}>
          {newestFirst.map((version, index) => {
            const differences = diffVersions(table.columns, newestFirst[index + 1], version);
            return (
              <li key={version.effectiveFrom}>
                <p className={styles.versionTitle}>
                  En vigueur à partir du {formatLongDate(version.effectiveFrom)}
                </p>
                <p className={styles.source}>{version.source}</p>
                {differences.length > 0 ? (
                  <ul>
                    {differences.flatMap((difference) =>
                      difference.cells.map((cell) => {
                        const unit = table.columns.find((column) => column.label === cell.column)?.unit;
                        return (
                          <li key={`${difference.label}-${cell.column}`}>
                            {difference.label}, {cell.column} : {formatRateCell(cell.before, unit)} →{' '}
                            {formatRateCell(cell.after, unit)}
                          </li>
                        );
                      }),
                    )}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
