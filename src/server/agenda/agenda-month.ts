import 'server-only';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { ARTICLE_TYPE, FIRST_PAGE, PRERENDER_AGENDA_SIZE } from '@/lib/constants';
import type { AgendaDay, AgendaEvent, AgendaMonth } from '@/lib/contracts/reader-pages';
import { articleSummaryColumns, toArticleSummary } from '../content/article-summary';
import type { Db } from '../db/client';
import { articles } from '../db/schema';

/**
 * Agenda lists go by the day of the event, not by publication date: listNews (publication order) cannot list
 * a month of deadlines, so this focused query reads agenda articles by `event_date`.
 */

/** A calendar month, January = 1. */
export type YearMonth = { year: number; month: number };

export type { AgendaEvent, AgendaMonth };

function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first day of a month and the first day of the next one, as event_date bounds. */
export function monthBounds({ year, month }: YearMonth): { start: string; end: string } {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { start: isoDay(year, month, 1), end: isoDay(next.year, next.month, 1) };
}

function agendaFilter(topicId: string | undefined, from: string, to?: string): SQL | undefined {
  return and(
    eq(articles.type, ARTICLE_TYPE.agenda),
    gte(articles.eventDate, from),
    to ? lt(articles.eventDate, to) : undefined,
    topicId ? sql`${articles.topicIds} @> array[${topicId}]::text[]` : undefined,
  );
}

/** The agenda of a month for a topic (or all), events in day order, PRERENDER_AGENDA_SIZE a page. */
export async function getAgendaMonth(
  db: Db,
  query: YearMonth & { topicId?: string | undefined; page?: number | undefined },
): Promise<AgendaMonth> {
  const { start, end } = monthBounds(query);
  const where = agendaFilter(query.topicId, start, end);
  const limit = PRERENDER_AGENDA_SIZE;
  const [daysRows, rows] = await Promise.all([
    db
      .select({ day: articles.eventDate, total: sql<number>`count(*)::int` })
      .from(articles)
      .where(where)
      .groupBy(articles.eventDate)
      .orderBy(asc(articles.eventDate)),
    db
      .select({ ...articleSummaryColumns, eventDate: articles.eventDate })
      .from(articles)
      .where(where)
      .orderBy(asc(articles.eventDate), asc(articles.title), asc(articles.id))
      .limit(limit)
      .offset(((query.page ?? FIRST_PAGE) - 1) * limit),
  ]);
  const total = daysRows.reduce((sum, row) => sum + Number(row.total), 0);
  const days: AgendaDay[] = [];
  for (const row of rows) {
    const day = row.eventDate ?? start;
    const event = { ...toArticleSummary(row), event_date: day };
    const last = days.at(-1);
    if (last?.day === day) last.events.push(event);
    else days.push({ day, events: [event] });
  }
  return {
    eventDays: daysRows.flatMap((row) => (row.day ? [row.day] : [])),
    days,
    total,
    page: query.page ?? FIRST_PAGE,
    pageCount: Math.max(1, Math.ceil(total / limit)),
  };
}

/** Events from a day on (and before an optional day), for the iCalendar feed: day order, with their source. */
export async function listAgendaEvents(
  db: Db,
  query: { topicId?: string | undefined; from: string; to?: string | undefined },
): Promise<(AgendaEvent & { updated: Date })[]> {
  const rows = await db
    .select({ ...articleSummaryColumns, eventDate: articles.eventDate, updatedAt: articles.updatedAt })
    .from(articles)
    .where(agendaFilter(query.topicId, query.from, query.to))
    .orderBy(asc(articles.eventDate), asc(articles.id));
  return rows.map((row) => ({
    ...toArticleSummary(row),
    event_date: row.eventDate ?? query.from,
    updated: row.updatedAt,
  }));
}
