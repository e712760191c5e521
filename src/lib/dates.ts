/** The site's editorial time zone: an issue "of the day" is the day in Paris, not in UTC. */
export const SITE_TIME_ZONE = 'Europe/Paris';

/**
 * A formatter made at its first use, not when the module is evaluated: building an `Intl.DateTimeFormat` with a time
 * zone loads the zone's data, about 70 ms of a phone's main thread (Lighthouse's 4x slowdown) for the two below.
 * This module reaches the browser with `urls.ts` (the trade selector, the listings' client teasers), and most pages
 * never format a date there.
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat(locale, options);
    return format;
  };
}

const isoDayFormat = /* @__PURE__ */ lazyFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const longDateFormat = /* @__PURE__ */ lazyFormat('fr-FR', {
  timeZone: SITE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const clockFormat = /* @__PURE__ */ lazyFormat('fr-FR', {
  timeZone: SITE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The calendar day in Paris as YYYY-MM-DD. */
export function parisIsoDay(date: Date): string {
  return isoDayFormat().format(date);
}

const FIRST_OF_MONTH =
  /(^|\s)1 (?=(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)\b)/g;

/** A French date as Intl writes it, with the first day of a month as French typography writes it: « 1er mars ». */
export function withFirstOfMonth(formatted: string): string {
  return formatted.replace(FIRST_OF_MONTH, '$11er ');
}

/** "20 novembre 2026" (and "1er mars 2026", as French typography writes the first day), after "Publié le". */
export function formatLongDate(date: Date | string): string {
  return withFirstOfMonth(longDateFormat().format(typeof date === 'string' ? new Date(date) : date));
}

/** "2 décembre 2026 à 10 h 05", Paris time, as French typography writes an instant in a sentence. */
export function formatLongDateTime(date: Date | string): string {
  const instant = typeof date === 'string' ? new Date(date) : date;
  const clock = Object.fromEntries(
    clockFormat()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${formatLongDate(instant)} à ${clock.hour} h ${clock.minute}`;
}
