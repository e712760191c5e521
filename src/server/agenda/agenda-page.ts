import 'server-only';
import type { AgendaPageData } from '@/lib/contracts/reader-pages';
import { parisIsoDay } from '@/lib/dates';
import { monthValue } from '@/lib/months';
import { type ParamValue, parsePage } from '@/lib/params';
import { findRootTopicBySlug } from '../content/topics';
import type { Db } from '../db/client';
import { agendaDateParam, parseAgendaDate, shiftMonth } from './agenda-date';
import { getAgendaMonth } from './agenda-month';
import type { AgendaTopic } from './ical-feed';

type MonthRef = AgendaPageData['month'];

function monthRef(year: number, month: number): MonthRef {
  return { year, month, param: agendaDateParam({ year, month }), iso: `${year}-${monthValue(month)}` };
}

/** What the agenda page of a topic (or of both) shows for its `date` and `page` parameters. */
export async function loadAgendaPage(
  db: Db,
  topic: AgendaTopic | null,
  params: { date?: ParamValue; page?: ParamValue },
  now: Date = new Date(),
): Promise<AgendaPageData> {
  const current = parseAgendaDate(params.date, now);
  const topicRef = topic ? await findRootTopicBySlug(db, topic) : null;
  const requestedPage = parsePage(params.page);
  let agenda = await getAgendaMonth(db, { ...current, topicId: topicRef?.id, page: requestedPage });
  // A page beyond the last one shows the first, as an invalid page number does.
  if (requestedPage > agenda.pageCount)
    agenda = await getAgendaMonth(db, { ...current, topicId: topicRef?.id });
  const previous = shiftMonth(current, -1);
  const next = shiftMonth(current, 1);
  return {
    topic,
    month: monthRef(current.year, current.month),
    previous: monthRef(previous.year, previous.month),
    next: monthRef(next.year, next.month),
    agenda,
    today: parisIsoDay(now),
  };
}
