// GET /agenda/calendrier.ics: the fiscal and social deadlines as an iCalendar feed.
import { agendaCalendar } from '@/server/agenda/ical-feed';
import { calendarResponse } from '@/server/agenda/ical-response';
import { getDb } from '@/server/db/client';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return calendarResponse(await agendaCalendar(await getDb()), 'agenda');
}
