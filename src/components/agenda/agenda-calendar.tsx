'use client';

import { type KeyboardEvent, useRef, useState } from 'react';
import { dayGroupId } from '@/lib/day-group-id';
import { MONTHS, monthYearLabel } from '@/lib/months';
import styles from './agenda.module.css';

type Props = {
  /** The month shown, YYYY-MM. */
  month: string;
  /** Days of the month with at least one event, YYYY-MM-DD: the only selectable ones. */
  eventDays: readonly string[];
  /** Today in Paris, YYYY-MM-DD. */
  today: string;
};

/** Weekday headers from Monday (spec section 2: weeks start on Monday), with their full names for screen readers. */
const WEEKDAYS = [
  ['lu', 'lundi'],
  ['ma', 'mardi'],
  ['me', 'mercredi'],
  ['je', 'jeudi'],
  ['ve', 'vendredi'],
  ['sa', 'samedi'],
  ['di', 'dimanche'],
] as const;

/**
 * "jeudi 5 mars 2026", "dimanche 1er mars 2026": a day of the grid as a screen reader says it, written from the
 * site's own French names rather than with `Intl.DateTimeFormat`, whose first formatter costs a phone tens of
 * milliseconds while the agenda hydrates. `weekday` is the grid's column, Monday first.
 */
export function dayLabel(day: string, weekday: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return `${WEEKDAYS[weekday]?.[1] ?? ''} ${date === 1 ? '1er' : date} ${MONTHS[month - 1]?.name ?? ''} ${year}`;
}

/** The weeks of a month from Monday: each a row of seven days of the month, or null outside it. */
export function monthWeeks(month: string): (string | null)[][] {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  // getUTCDay: 0 is Sunday; Monday first.
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/**
 * The month calendar (weeks from Monday, French): a day with events scrolls to its group and moves the focus
 * there; days without events are disabled. Arrow keys move between the days that can be chosen. Month
 * navigation is done by the page's links, so it also works without JavaScript and every month has its URL.
 * Written here rather than with a date-picker library: it only shows one month and picks a day, and the library
 * (with its date functions) weighed 22 KB of gzip script on the agenda page.
 */
export function AgendaCalendar({ month, eventDays, today }: Props) {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  const label = monthYearLabel(year, monthNumber);
  const [selected, setSelected] = useState<string | undefined>();
  const grid = useRef<HTMLTableElement>(null);
  const days = new Set(eventDays);
  const choosable = monthWeeks(month)
    .flat()
    .filter((day): day is string => day !== null && days.has(day));
  // One day in the tab order (the chosen one, else the first one): the arrows move within the grid.
  const focusable = selected ?? choosable[0];

  function select(day: string) {
    setSelected(day);
    const group = document.getElementById(dayGroupId(day));
    if (!group) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    group.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    requestAnimationFrame(() => group.focus({ preventScroll: true }));
    history.replaceState(null, '', `#${group.id}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: string) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = choosable[choosable.indexOf(day) + step];
    if (next) grid.current?.querySelector<HTMLButtonElement>(`[data-day="${next}"]`)?.focus();
  }

  return (
    <table
      ref={grid}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker pattern, a table as a grid with arrow keys.
      role="grid"
      className={styles.calendar}
      aria-label={label}
    >
      <caption className={styles.calendarCaption}>{label}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" abbr={long}>
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean) ?? month}>
            {week.map((day, index) =>
              day === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the empty cells of a week have nothing else.
                <td key={index} />
              ) : (
                // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a cell of a grid table is a gridcell, which takes aria-selected.
                <td key={day} aria-selected={day === selected}>
                  <button
                    type="button"
                    data-day={day}
                    className={days.has(day) ? styles.withEvents : styles.calendarDay}
                    disabled={!days.has(day)}
                    tabIndex={day === focusable ? 0 : -1}
                    aria-label={dayLabel(day, index)}
                    aria-current={day === today ? 'date' : undefined}
                    onClick={() => select(day)}
                    onKeyDown={(event) => onKeyDown(event, day)}
                  >
                    {Number(day.slice(8))}
                  </button>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
