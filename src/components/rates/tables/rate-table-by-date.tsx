'use client';

import { useEffect, useId, useState } from 'react';
import { formatLongDate } from '@/lib/dates';
import { type RateColumnLike, type RateVersionLike, versionAt } from '@/lib/rate-tables';
import styles from './rate-tables.module.css';
import { RateValuesTable } from './rate-values-table';

type Version = RateVersionLike & { source: string };

/**
 * The values in force on a day: today's from the server, any other day ("valeur au") chosen in the browser from
 * the versions the page already holds. `?date=AAAA-MM-JJ` in the address opens that day (a link to share).
 */
export function RateTableByDate({
  columns,
  versions,
  today,
}: {
  columns: readonly RateColumnLike[];
  versions: readonly Version[];
  today: string;
}) {
  const [day, setDay] = useState(today);
  const inputId = useId();

  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('date');
    if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked)) setDay(asked);
  }, []);

  const version = versionAt(versions, day);
  const label = day === today ? 'Valeurs en vigueur' : `Valeur au ${formatLongDate(day)}`;
  return (
    <section aria-labelledby={`${inputId}-title`} className={styles.current}>
      <h2 id={`${inputId}-title`} className={styles.heading}>
        {label}
      </h2>
      <form className={styles.dateForm} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId}>Valeur au</label>
        <input
          id={inputId}
          type="date"
          name="date"
          value={day}
          min={versions[0]?.effectiveFrom}
          onChange={(event) => {
            if (event.target.value) setDay(event.target.value);
          }}
        />
      </form>
      {version ? (
        <>
          <RateValuesTable
            caption={`${label} (en vigueur depuis le ${formatLongDate(version.effectiveFrom)})`}
            columns={columns}
            rows={version.rows}
          />
          <p className={styles.source}>Base légale : {version.source}</p>
        </>
      ) : (
        <p role="status">Aucune valeur n’est connue à cette date.</p>
      )}
    </section>
  );
}
