import 'server-only';
import { createHash } from 'node:crypto';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { LRUCache } from 'lru-cache';
import { PATHS } from '@/lib/constants';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { articlePath } from '@/lib/urls';
import { currentMonth, shiftMonth } from '../agenda/agenda-date';
import { monthBounds } from '../agenda/agenda-month';
import type { Db } from '../db/client';
import { env } from '../env';
import { remember } from '../lib/remember';
import { type Deadline, deadlineTitle, listDeadlines } from './deadlines';
import type { AgendaProfile } from './profile';

/** Past deadlines kept in the feed, in months (as the public feed). */
const PAST_MONTHS = 2;
const DAY_MS = 86_400_000;
/** The two alarms of every deadline: a week before and the day before (seconds before its start). */
const ALARMS = [
  { seconds: 7 * 86_400, description: 'Échéance dans 7 jours' },
  { seconds: 86_400, description: 'Échéance demain' },
] as const;

/**
 * Calendars already written, by what they hold: ical-generator folds its text one character at a time (about 3 ms
 * a deadline here), while the deadlines of a profile change a few times a month and many profiles share the same
 * set. Bounded in entries and bytes; an entry is found again only for the very same deadlines, dates, sequences
 * and last changes.
 */
const written = remember(
  'personal-agenda.calendars',
  () =>
    new LRUCache<string, string>({
      max: 500,
      maxSize: 32 * 1024 * 1024,
      sizeCalculation: (text) => Math.max(1, text.length),
    }),
);

function calendarKey(siteUrl: string, deadlines: readonly Deadline[]): string {
  const hash = createHash('sha256').update(siteUrl);
  for (const deadline of deadlines) {
    hash.update(
      `\n${deadline.id}|${deadline.eventDate}|${deadline.sequence}|${deadline.provisional}|${deadline.updatedAt.getTime()}`,
    );
  }
  return hash.digest('base64url');
}

/**
 * A reader's private agenda (RFC 5545): the deadlines of their profile as all-day events whose UID is the public
 * feed's (a reader subscribed to both sees one event), whose SEQUENCE rises each time the date moves, with two
 * alarms; a deadline "sous réserve" says so in its title and description.
 */
export async function personalCalendar(
  db: Db,
  profile: AgendaProfile,
  now: Date = new Date(),
): Promise<string> {
  const siteUrl = env().SITE_URL;
  const host = new URL(siteUrl).hostname;
  const deadlines = await listDeadlines(db, profile, {
    from: monthBounds(shiftMonth(currentMonth(now), -PAST_MONTHS)).start,
  });
  const key = calendarKey(siteUrl, deadlines);
  const known = written.get(key);
  if (known !== undefined) return known;
  const calendar = ical({
    name: `Mon agenda – ${DAILY_NAME}`,
    description: `Les échéances de votre profil, publiées par ${PUBLISHER_NAME}.`,
    prodId: { company: PUBLISHER_NAME, product: DAILY_NAME, language: 'FR' },
    url: new URL(PATHS.agenda, siteUrl).toString(),
    method: ICalCalendarMethod.PUBLISH,
    ttl: 12 * 3600,
  });
  for (const deadline of deadlines) {
    const start = new Date(`${deadline.eventDate}T00:00:00Z`);
    const page = new URL(articlePath(deadline), siteUrl).toString();
    const event = calendar.createEvent({
      id: `agenda-${deadline.id}@${host}`,
      sequence: deadline.sequence,
      start,
      end: new Date(start.getTime() + DAY_MS),
      allDay: true,
      summary: deadlineTitle(deadline),
      description: [
        deadline.provisional ? 'Date sous réserve : elle peut encore changer.' : null,
        deadline.summary,
        page,
      ]
        .filter(Boolean)
        .join('\n\n'),
      url: page,
      stamp: deadline.updatedAt,
      lastModified: deadline.updatedAt,
    });
    for (const alarm of ALARMS) {
      event.createAlarm({
        type: ICalAlarmType.display,
        trigger: alarm.seconds,
        description: alarm.description,
      });
    }
  }
  const text = calendar.toString();
  written.set(key, text);
  return text;
}
