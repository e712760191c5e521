import 'server-only';
import { SITE_TIME_ZONE } from '@/lib/dates';

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** How far Paris wall-clock time is ahead of UTC at an instant, in milliseconds (1 or 2 hours). */
function parisOffsetMs(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const wallClock = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant midnight starts a day in Paris. Months and days overflow as Date.UTC does (month 13 is January of
 * the next year), so the day after a month's last day is its start + 1. Clock changes happen at 2 or 3 a.m.,
 * never at midnight, so one correction of the offset is exact.
 */
export function parisMidnight(year: number, month: number, day = 1): Date {
  const asUtc = Date.UTC(year, month - 1, day);
  const first = asUtc - parisOffsetMs(asUtc);
  return new Date(asUtc - parisOffsetMs(first));
}
