'use client';

import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { dayGroupId } from '@/lib/day-group-id';
import styles from './agenda.module.css';

type Props = {
  /** The month shown, YYYY-MM. */
  month: string;
  /** Days of the month with at least one event, YYYY-MM-DD: the only selectable ones. */
  eventDays: readonly string[];
  /** Today in Paris, YYYY-MM-DD. */
  today: string;
};

/** A YYYY-MM-DD day as a local date: the calendar compares days in the browser's own zone. */
function localDate(isoDay: string): Date {
  const [year, month, day] = isoDay.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * The month calendar (weeks from Monday, French): a day with events scrolls to its group and moves the focus
 * there; days without events are disabled. Month navigation is done by the page's links, so it also works
 * without JavaScript and every month has its URL.
 */
export function AgendaCalendar({ month, eventDays, today }: Props) {
  const [selected, setSelected] = useState<Date | undefined>();
  const days = new Set(eventDays);

  function select(date: Date | undefined) {
    if (!date) return;
    setSelected(date);
    const group = document.getElementById(dayGroupId(isoDay(date)));
    if (!group) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    group.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // After the calendar's own focus handling of the clicked day, which runs on its next render.
    requestAnimationFrame(() => group.focus({ preventScroll: true }));
    history.replaceState(null, '', `#${group.id}`);
  }

  return (
    <DayPicker
      className={styles.calendar}
      locale={fr}
      weekStartsOn={1}
      mode="single"
      month={localDate(`${month}-01`)}
      today={localDate(today)}
      hideNavigation
      selected={selected}
      onSelect={select}
      required={false}
      disabled={(date) => !days.has(isoDay(date))}
      modifiers={{ withEvents: (date) => days.has(isoDay(date)) }}
      modifiersClassNames={{ withEvents: styles.withEvents ?? '' }}
    />
  );
}
