/** The site's editorial time zone: an issue "of the day" is the day in Paris, not in UTC. */
export const SITE_TIME_ZONE = 'Europe/Paris';

const isoDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const longDateFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: SITE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The calendar day in Paris as YYYY-MM-DD. */
export function parisIsoDay(date: Date): string {
  return isoDayFormat.format(date);
}

/** "20 novembre 2026" (and "1er mars 2026", as French typography writes the first day), after "Publié le". */
export function formatLongDate(date: Date | string): string {
  const formatted = longDateFormat.format(typeof date === 'string' ? new Date(date) : date);
  return formatted.replace(/^1 /, '1er ');
}
