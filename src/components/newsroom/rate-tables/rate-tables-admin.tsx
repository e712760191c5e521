'use client';

import Link from 'next/link';
import { type FormEvent, useCallback, useState } from 'react';
import { getAdminRateTable, listAdminRateTables, publishRateVersion } from '@/client/admin-rates';
import { InputField, PanelForm } from '@/components/newsroom/fields';
import { usePageMessages } from '@/components/newsroom/form-errors';
import { Loading, PageMessages } from '@/components/newsroom/messages';
import styles from '@/components/newsroom/newsroom.module.css';
import { useStaff } from '@/components/newsroom/staff-shell';
import { useLoad } from '@/components/newsroom/use-load';
import type { AdminRateTableAnswer, AdminRateTableListAnswer } from '@/lib/contracts/rate-tables-admin';
import { formatLongDate } from '@/lib/dates';
import { formatRateCell, type RateCellValue } from '@/lib/rate-tables';

/** The newsroom's address of the rate tables, and of one. */
const RATE_TABLES_ADMIN_PATH = '/redaction/chiffres-taux/tableaux';

/** Every rate table: its latest effective date and how many versions it has. */
export function RateTablesAdminPage() {
  const [answer, setAnswer] = useState<AdminRateTableListAnswer | null>(null);
  const { error, notice, details, setError } = usePageMessages();
  const load = useCallback(async (signal: AbortSignal) => setAnswer(await listAdminRateTables(signal)), []);
  useLoad(load, setError);
  return (
    <>
      <h1 className={styles.pageTitle}>Tableaux de chiffres et taux</h1>
      <PageMessages error={error} notice={notice} details={details} />
      {answer ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Tableau</th>
                <th scope="col">En vigueur depuis</th>
                <th scope="col">Versions</th>
              </tr>
            </thead>
            <tbody>
              {answer.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link href={`${RATE_TABLES_ADMIN_PATH}/${item.id}`}>{item.title}</Link>
                  </td>
                  <td>{formatLongDate(item.latestEffectiveFrom)}</td>
                  <td>{item.versionCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Loading />
      )}
    </>
  );
}

/** A typed cell: a number in French or English notation, nothing for an empty field, else the text. */
function cellOf(value: string): RateCellValue {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(number) ? number : trimmed;
}

/**
 * One table: its versions newest first with what each changed, and the form of a new version (prefilled with the
 * latest values) published from its effective date on, never over an existing one.
 */
export function RateTableAdminPage({ id }: { id: string }) {
  const { can } = useStaff();
  const [table, setTable] = useState<AdminRateTableAnswer | null>(null);
  const { error, notice, details, setError, run } = usePageMessages();
  const load = useCallback(
    async (signal: AbortSignal) => setTable(await getAdminRateTable(id, signal)),
    [id],
  );
  useLoad(load, setError);
  if (!table) {
    return (
      <>
        <PageMessages error={error} notice={notice} details={details} />
        <Loading />
      </>
    );
  }
  const latest = table.versions[0];
  const publish = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rows = (latest?.rows ?? []).map((row, rowIndex) =>
      table.columns.map((_, columnIndex) =>
        columnIndex === 0
          ? String(row[0])
          : cellOf(String(form.get(`cell-${rowIndex}-${columnIndex}`) ?? '')),
      ),
    );
    void run(async () => {
      const effectiveFrom = String(form.get('effectiveFrom') ?? '');
      setTable(
        await publishRateVersion(id, { effectiveFrom, source: String(form.get('source') ?? ''), rows }),
      );
      return `Version du ${formatLongDate(effectiveFrom)} publiée.`;
    });
  };
  return (
    <>
      <p>
        <Link href={RATE_TABLES_ADMIN_PATH}>Tous les tableaux</Link>
      </p>
      <h1 className={styles.pageTitle}>{table.title}</h1>
      <p>
        {table.followers} lecteur{table.followers > 1 ? 's suivent' : ' suit'} ce tableau.
      </p>
      <PageMessages error={error} notice={notice} details={details} />
      {can('rates.publish') && latest ? (
        <PanelForm label="Nouvelle version" onSubmit={publish}>
          <InputField label="Date d’effet" name="effectiveFrom" type="date" required />
          <InputField
            label="Base légale"
            name="source"
            required
            maxLength={500}
            defaultValue={latest.source}
          />
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>Valeurs de la nouvelle version</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column.key} scope="col">
                      {column.label}
                      {column.unit ? ` (${column.unit})` : ''}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {latest.rows.map((row, rowIndex) => (
                  <tr key={String(row[0])}>
                    <th scope="row">{String(row[0])}</th>
                    {table.columns.slice(1).map((column, offset) => (
                      <td key={column.key}>
                        <input
                          name={`cell-${rowIndex}-${offset + 1}`}
                          aria-label={`${String(row[0])}, ${column.label}`}
                          defaultValue={row[offset + 1] === null ? '' : String(row[offset + 1])}
                          inputMode="decimal"
                          size={10}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton}>
              Publier la nouvelle version
            </button>
          </div>
        </PanelForm>
      ) : null}
      <h2>Historique</h2>
      <ol>
        {table.versions.map((version) => (
          <li key={version.effectiveFrom}>
            <p>
              <strong>En vigueur à partir du {formatLongDate(version.effectiveFrom)}</strong> –{' '}
              {version.source} (publiée le {formatLongDate(version.publishedAt)})
            </p>
            {version.differences.length > 0 ? (
              <ul aria-label="Différences avec la version précédente">
                {version.differences.flatMap((difference) =>
                  difference.cells.map((cell) => {
                    const unit = table.columns.find((column) => column.label === cell.column)?.unit;
                    return (
                      <li key={`${difference.label}-${cell.column}`}>
                        {difference.label}, {cell.column} :{' '}
                        {formatRateCell(cell.before as RateCellValue, unit)} →{' '}
                        {formatRateCell(cell.after as RateCellValue, unit)}
                      </li>
                    );
                  }),
                )}
              </ul>
            ) : (
              <p>Première version connue.</p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
