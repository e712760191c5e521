import 'server-only';
import { MONTHS } from '@/lib/months';

/**
 * Calendar arithmetic on whole days (days since 1970-01-01, UTC), fast enough for a million generated rows,
 * and French date wording.
 */

const DAY_MS = 86_400_000;

const MONTH_NAMES: readonly string[] = MONTHS.map((month) => month.name);

const WEEKDAY_NAMES = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;

/** The day number of a YYYY-MM-DD string. */
export function dayOfIso(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

export function dateOfDay(day: number, minutes = 0): Date {
  return new Date(day * DAY_MS + minutes * 60_000);
}

/** YYYY-MM-DD. */
export function isoOfDay(day: number): string {
  return dateOfDay(day).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isWeekday(day: number): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6;
}

/** The same day, or the following Monday when it falls on a weekend (deadlines move that way). */
export function nextWorkingDay(day: number): number {
  const weekday = weekdayOf(day);
  if (weekday === 6) return day + 2;
  if (weekday === 0) return day + 1;
  return day;
}

export function yearOf(day: number): number {
  return dateOfDay(day).getUTCFullYear();
}

export function monthOf(day: number): number {
  return dateOfDay(day).getUTCMonth() + 1;
}

export function dayOfMonth(day: number): number {
  return dateOfDay(day).getUTCDate();
}

export function dayFromParts(year: number, month: number, dayInMonth: number): number {
  return Math.floor(Date.UTC(year, month - 1, dayInMonth) / DAY_MS);
}

/** "12 mars 2024", "1er juillet 2025". */
export function longDate(day: number): string {
  const date = dateOfDay(day);
  const dayInMonth = date.getUTCDate();
  return `${dayInMonth === 1 ? '1er' : dayInMonth} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "vendredi 20 novembre 2026". */
export function longDateWithWeekday(day: number): string {
  return `${WEEKDAY_NAMES[weekdayOf(day)]} ${longDate(day)}`;
}

/** "12-3-2024", as court decisions are cited. */
export function shortDate(day: number): string {
  const date = dateOfDay(day);
  return `${date.getUTCDate()}-${date.getUTCMonth() + 1}-${date.getUTCFullYear()}`;
}
