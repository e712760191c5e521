import Link from 'next/link';
import { PageAnalytics } from '@/components/layout/page-analytics';
import { TopicTabs } from '@/components/sections/topic-tabs';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Pagination } from '@/components/ui/pagination';
import { AGENDA_TOPICS, PATHS, QUERY_PARAM } from '@/lib/constants';
import type { AgendaPageData } from '@/lib/contracts/reader-pages';
import { monthYearLabel } from '@/lib/months';
import { TOPIC_LABELS } from '@/lib/navigation';
import { topicPath } from '@/lib/urls';
import styles from './agenda.module.css';
import { AgendaCalendar } from './agenda-calendar';
import { AgendaDayGroup } from './agenda-day-group';

/** "de mars 2026", "d’avril 2026": French elides de before a vowel. */
function ofMonth(label: string): string {
  return /^[aeiouy]/i.test(label) ? `d’${label}` : `de ${label}`;
}

/** The agenda page: topic tabs, month navigation, the calendar, events grouped by day, pages, feed link. */
export function AgendaView({ data, siteUrl }: { data: AgendaPageData; siteUrl: string }) {
  const { topic, month, previous, next, agenda, today } = data;
  const base = topicPath('agenda', topic ?? undefined);
  const monthHref = (param: string) => `${base}?${QUERY_PARAM.agendaDate}=${param}`;
  const title = topic ? `Agenda ${TOPIC_LABELS[topic]?.toLowerCase() ?? topic}` : 'Agenda fiscal et social';
  const feed = topic ? `${PATHS.agenda}/${topic}/calendrier.ics` : `${PATHS.agenda}/calendrier.ics`;

  return (
    <div className={`container ${styles.page}`}>
      <PageAnalytics pageName="agenda" contentKind="agenda" />
      <Breadcrumb
        siteUrl={siteUrl}
        crumbs={[
          { name: 'Agenda', path: PATHS.agenda },
          ...(topic ? [{ name: TOPIC_LABELS[topic] ?? topic }] : []),
        ]}
      />
      <h1 className={styles.title}>{title}</h1>
      <TopicTabs
        label="Thèmes de l’agenda"
        tabs={[undefined, ...AGENDA_TOPICS].map((slug) => ({
          label: slug ? (TOPIC_LABELS[slug] ?? slug) : 'Toutes les échéances',
          href: `${topicPath('agenda', slug)}?${QUERY_PARAM.agendaDate}=${month.param}`,
          current: slug === (topic ?? undefined),
        }))}
      />
      <div className={styles.layout}>
        <div className={styles.side}>
          <nav className={styles.monthNav} aria-label="Changer de mois">
            {/* Not prefetched, as the topic tabs: a month is a page the server renders. */}
            <Link href={monthHref(previous.param)} rel="prev" prefetch={false}>
              <span aria-hidden="true">‹ </span>
              <span className="visually-hidden">Mois précédent : </span>
              {monthYearLabel(previous.year, previous.month)}
            </Link>
            <Link href={monthHref(next.param)} rel="next" prefetch={false}>
              <span className="visually-hidden">Mois suivant : </span>
              {monthYearLabel(next.year, next.month)}
              <span aria-hidden="true"> ›</span>
            </Link>
          </nav>
          <AgendaCalendar month={month.iso} eventDays={agenda.eventDays} today={today} />
          <p className={styles.feed}>
            <a href={feed} type="text/calendar">
              S’abonner à cet agenda (iCalendar, .ics)
            </a>
            <span className={styles.feedHelp}>
              Ajoutez l’adresse de ce lien comme calendrier dans Outlook ou Google Agenda : les échéances s’y
              mettent à jour d’elles-mêmes.
            </span>
          </p>
        </div>
        <section className={styles.list} aria-labelledby="echeances-du-mois">
          <h2 id="echeances-du-mois" className={styles.monthTitle}>
            Échéances {ofMonth(monthYearLabel(month.year, month.month))}
          </h2>
          {agenda.days.length > 0 ? (
            agenda.days.map((group) => (
              <AgendaDayGroup key={group.day} day={group.day} events={group.events} />
            ))
          ) : (
            <p role="status">Aucune échéance n’est inscrite à l’agenda pour ce mois.</p>
          )}
          <Pagination
            current={agenda.page}
            total={agenda.pageCount}
            hrefFor={(page) => `${monthHref(month.param)}${page > 1 ? `&${QUERY_PARAM.page}=${page}` : ''}`}
          />
        </section>
      </div>
    </div>
  );
}
