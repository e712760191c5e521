import 'server-only';
import { parisIsoDay } from '@/lib/dates';
import { monthValue } from '@/lib/months';
import type { ParamValue } from '@/lib/params';
import type { YearMonth } from './agenda-month';

/** The agenda's `date` parameter: a month and year written MM-YYYY (also accepted: YYYY-MM). */
const MONTH_YEAR = /^(\d{1,2})-(\d{4})$/;
const YEAR_MONTH = /^(\d{4})-(\d{1,2})$/;

/** The current month in Paris. */
export function currentMonth(now: Date = new Date()): YearMonth {
  const [year, month] = parisIsoDay(now).split('-');
  return { year: Number(year), month: Number(month) };
}

/** The month named by the `date` parameter; an absent or invalid value gives the current month. */
export function parseAgendaDate(value: ParamValue, now: Date = new Date()): YearMonth {
  if (typeof value === 'string') {
    const monthYear = MONTH_YEAR.exec(value);
    const yearMonth = YEAR_MONTH.exec(value);
    const month = Number(monthYear?.[1] ?? yearMonth?.[2]);
    const year = Number(monthYear?.[2] ?? yearMonth?.[1]);
    if (month >= 1 && month <= 12 && year >= 1970) return { year, month };
  }
  return currentMonth(now);
}

/** The `date` parameter of a month: MM-YYYY. */
export function agendaDateParam({ year, month }: YearMonth): string {
  return `${monthValue(month)}-${year}`;
}

/** The month `offset` months away (-1 the previous one, +1 the next one). */
export function shiftMonth({ year, month }: YearMonth, offset: number): YearMonth {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
