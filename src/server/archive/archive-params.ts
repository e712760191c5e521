import 'server-only';
import { ARCHIVE_START_YEAR, FIRST_PAGE } from '@/lib/constants';
import { parseMonth, parsePage } from '@/lib/params';
import { archivePath } from '@/lib/urls';
import { currentMonth } from '../agenda/agenda-date';

export type ArchiveSelection = { year: number; month: number; page: number };

/**
 * The archive month of /archives/{year}/{month}/{page}, every part optional, normalised as spec section 5
 * says and never an error: an invalid page is 1, an invalid month January, a year that is not four digits the
 * current one; years are brought between ARCHIVE_START_YEAR and this year (below 1970 too), and a month after the current one of this year
 * becomes the current month. Without a year: the current month.
 */
export function normaliseArchiveParams(
  segments: readonly string[],
  now: Date = new Date(),
): ArchiveSelection {
  const [yearParam, monthParam, pageParam] = segments;
  const today = currentMonth(now);
  if (yearParam === undefined) return { year: today.year, month: today.month, page: FIRST_PAGE };
  // One rule for every year written with four digits: before the archive, its first year; after this one, this
  // year (1969 as 2014 is 2015). Anything else is no year: this one.
  const parsedYear = /^\d{4}$/.test(yearParam) ? Number(yearParam) : today.year;
  const year = Math.min(Math.max(parsedYear, ARCHIVE_START_YEAR), today.year);
  const parsedMonth = parseMonth(monthParam);
  const month = year === today.year ? Math.min(parsedMonth, today.month) : parsedMonth;
  return { year, month, page: parsePage(pageParam) };
}

/** The canonical path of a selection (/archives/{year}/{month}, then /{page} beyond the first). */
export function canonicalArchivePath(selection: ArchiveSelection): string {
  return archivePath(selection.year, selection.month, selection.page);
}
