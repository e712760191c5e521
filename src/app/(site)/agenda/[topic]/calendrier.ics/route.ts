// GET /agenda/{topic}/calendrier.ics: the deadlines of one topic (fiscal or social) as an iCalendar feed.
import { agendaCalendar, isAgendaTopic } from '@/server/agenda/ical-feed';
import { calendarResponse } from '@/server/agenda/ical-response';
import { getDb } from '@/server/db/client';

export const dynamic = 'force-dynamic';

export async function GET(
  _request: Request,
  context: { params: Promise<{ topic: string }> },
): Promise<Response> {
  const { topic } = await context.params;
  if (!isAgendaTopic(topic)) return new Response('Agenda introuvable', { status: 404 });
  return calendarResponse(await agendaCalendar(await getDb(), topic), `agenda-${topic}`);
}
