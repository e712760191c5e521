'use client';

import { useRouter } from 'next/navigation';
import { type KeyboardEvent, useId, useRef } from 'react';

type Props = {
  years: readonly number[];
  selected: number;
  /** The archive path each year opens on. */
  paths: Readonly<Record<number, string>>;
  className?: string | undefined;
};

/** Keys that change a closed select's value one option at a time, where a change is not yet a choice. */
const STEPPING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * The year dropdown of the archive on mobile: choosing a year opens it, months and all. A keyboard moving
 * through the options of the closed select does not leave the page at each step: Enter opens the year shown.
 * Without JavaScript the page shows the years' links instead (ArchiveView).
 */
export function ArchiveYearSelect({ years, selected, paths, className }: Props) {
  const router = useRouter();
  const id = useId();
  const stepping = useRef(false);

  function open(year: number) {
    const path = paths[year];
    if (path && year !== selected) router.push(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
    stepping.current = STEPPING_KEYS.has(event.key);
    if (event.key === 'Enter') open(Number(event.currentTarget.value));
  }

  return (
    <div className={className}>
      <label htmlFor={id}>Année</label>
      <select
        id={id}
        name="annee"
        defaultValue={selected}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          if (!stepping.current) open(Number(event.target.value));
        }}
        onPointerDown={() => {
          stepping.current = false;
        }}
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
