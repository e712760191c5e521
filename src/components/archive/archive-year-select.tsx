'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useId } from 'react';

type Props = {
  years: readonly number[];
  selected: number;
  /** The archive path each year opens on. */
  paths: Readonly<Record<number, string>>;
  className?: string | undefined;
};

/**
 * The year dropdown of the archive on mobile. Choosing a year does not navigate by itself (a keyboard user
 * moving through the options would leave the page): the 'Afficher' button does.
 */
export function ArchiveYearSelect({ years, selected, paths, className }: Props) {
  const router = useRouter();
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const year = Number(new FormData(event.currentTarget).get('annee'));
    const path = paths[year];
    if (path) router.push(path);
  }

  return (
    <form className={className} onSubmit={submit}>
      <label htmlFor={id}>Année</label>
      <select id={id} name="annee" defaultValue={selected}>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <button type="submit">Afficher</button>
    </form>
  );
}
