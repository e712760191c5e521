import Link from 'next/link';
import type { AgendaEvent } from '@/lib/contracts/reader-pages';
import { formatLongDate } from '@/lib/dates';
import { dayGroupId } from '@/lib/day-group-id';
import { articlePath } from '@/lib/urls';
import styles from './agenda.module.css';

const weekday = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone: 'UTC' });

/** The events of one day under its date; the calendar scrolls here (and focuses it) when the day is chosen. */
export function AgendaDayGroup({ day, events }: { day: string; events: AgendaEvent[] }) {
  const date = new Date(`${day}T12:00:00Z`);
  return (
    <section
      id={dayGroupId(day)}
      className={styles.day}
      tabIndex={-1}
      aria-labelledby={`${dayGroupId(day)}-titre`}
    >
      <h3 id={`${dayGroupId(day)}-titre`} className={styles.dayTitle}>
        <time dateTime={day}>
          {weekday.format(date)} {formatLongDate(date)}
        </time>
      </h3>
      <ul className={styles.events}>
        {events.map((event) => (
          <li key={event.id} className={styles.event}>
            {event.topics[0] ? <p className={styles.eventTopic}>{event.topics[0].label}</p> : null}
            <h4 className={styles.eventTitle}>
              {/* A month holds dozens of deadlines: prefetching each one in view costs a render per link. */}
              <Link href={articlePath({ ...event, enrichedNewsId: event.enriched_news_id })} prefetch={false}>
                {event.title}
              </Link>
            </h4>
            {event.summary ? <p className={styles.eventSummary}>{event.summary}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
