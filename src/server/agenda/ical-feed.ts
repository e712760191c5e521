import 'server-only';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { AGENDA_TOPICS } from '@/lib/constants';
import type { AgendaTopic } from '@/lib/contracts/reader-pages';
import { dayGroupId } from '@/lib/day-group-id';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { topicPath } from '@/lib/urls';
import { findRootTopicBySlug } from '../content/topics';
import type { Db } from '../db/client';
import { env } from '../env';
import { agendaDateParam, currentMonth, shiftMonth } from './agenda-date';
import { listAgendaEvents, monthBounds } from './agenda-month';

/** Calendar apps poll the feed about this often (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
const REFRESH_HOURS = 12;
/** Past deadlines kept in the feed, in months, so a subscriber still sees the recent ones. */
const PAST_MONTHS = 2;

const FEED_NAMES = {
  all: 'Agenda fiscal et social',
  fiscal: 'Agenda fiscal',
  social: 'Agenda social',
} as const;
const FEED_DESCRIPTIONS = {
  all: 'Échéances fiscales et sociales des entreprises',
  fiscal: 'Échéances fiscales des entreprises',
  social: 'Échéances sociales des employeurs',
} as const;
const DAY_MS = 86_400_000;

export type { AgendaTopic };

export function isAgendaTopic(value: string): value is AgendaTopic {
  return (AGENDA_TOPICS as readonly string[]).includes(value);
}

/**
 * The agenda as an iCalendar feed (RFC 5545) a firm subscribes to in Outlook or Google Calendar: one all-day
 * event per deadline, stable UIDs so updates replace events instead of duplicating them.
 */
export async function agendaCalendar(db: Db, topic?: AgendaTopic, now: Date = new Date()): Promise<string> {
  const siteUrl = env().SITE_URL;
  const topicRef = topic ? await findRootTopicBySlug(db, topic) : null;
  const events = await listAgendaEvents(db, {
    topicId: topicRef?.id,
    from: monthBounds(shiftMonth(currentMonth(now), -PAST_MONTHS)).start,
  });
  const host = new URL(siteUrl).hostname;
  const calendar = ical({
    name: `${FEED_NAMES[topic ?? 'all']} – ${DAILY_NAME}`,
    description: `${FEED_DESCRIPTIONS[topic ?? 'all']}, publiées par ${PUBLISHER_NAME}.`,
    prodId: { company: PUBLISHER_NAME, product: DAILY_NAME, language: 'FR' },
    url: new URL(topicPath('agenda', topic), siteUrl).toString(),
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_HOURS * 3600,
  });
  for (const event of events) {
    const url = new URL(topicPath('agenda', topic), siteUrl);
    const [year, month] = event.event_date.split('-');
    url.searchParams.set('date', agendaDateParam({ year: Number(year), month: Number(month) }));
    url.hash = dayGroupId(event.event_date);
    const start = new Date(`${event.event_date}T00:00:00Z`);
    calendar.createEvent({
      id: `agenda-${event.id}@${host}`,
      start,
      // All-day events end the next day (exclusive), the form Outlook and Google Calendar both read.
      end: new Date(start.getTime() + DAY_MS),
      allDay: true,
      summary: event.title,
      description: event.summary ? `${event.summary}\n\n${url.toString()}` : url.toString(),
      url: url.toString(),
      categories: event.topics.map((entry) => ({ name: entry.label })),
      stamp: event.updated,
      lastModified: event.updated,
    });
  }
  return calendar.toString();
}
