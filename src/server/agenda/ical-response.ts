import 'server-only';

/** Calendar apps poll the feed; a short shared cache spares the database. */
const FEED_MAX_AGE_SECONDS = 3600;

/** An iCalendar document as a download calendar apps accept (text/calendar, UTF-8). */
export function calendarResponse(body: string, name: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `inline; filename="${name}.ics"`,
      'cache-control': `public, max-age=${FEED_MAX_AGE_SECONDS}`,
    },
  });
}
