import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgendaMonth } from '@/server/agenda/agenda-month';
import { loadAgendaPage } from '@/server/agenda/agenda-page';
import { agendaCalendar } from '@/server/agenda/ical-feed';
import type { Database } from '@/server/db/client';
import { articles, topics } from '@/server/db/schema';
import { createTestDatabase } from '../support/database';

const FISCAL = { id: 'EBX:EFL_Themes:Fiscal', shortId: 'F', label: 'Fiscal', slug: 'fiscal' };
const SOCIAL = { id: 'EBX:EFL_Themes:Social', shortId: 'S', label: 'Social', slug: 'social' };
const NOW = new Date('2026-03-10T09:00:00Z');

let database: Database;

/** node-ical gives a property with parameters (URL;VALUE=URI) as {params, val}, a plain one as a string. */
function propertyValue(value: unknown): string {
  if (value && typeof value === 'object' && 'val' in value) return String(value.val);
  return String(value);
}

function agendaEvent(id: number, eventDate: string, topic: typeof FISCAL, title = `Échéance n° ${id}`) {
  return {
    id: `ag-${id}`,
    type: 'agenda',
    slug: `echeance-${id}`,
    title,
    summary: `Résumé de l’échéance ${id}`,
    publicationDate: new Date(`${eventDate}T06:00:00Z`),
    eventDate,
    topics: [topic],
    topicIds: [topic.id],
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(topics).values([FISCAL, SOCIAL]);
  const rows = [
    agendaEvent(1, '2026-03-05', SOCIAL, 'DSN des entreprises de 50 salariés et plus'),
    agendaEvent(2, '2026-03-15', FISCAL, "Acompte d'impôt sur les sociétés"),
    agendaEvent(3, '2026-03-15', SOCIAL),
    agendaEvent(4, '2026-03-31', FISCAL),
    agendaEvent(5, '2026-04-01', FISCAL),
    agendaEvent(6, '2026-02-28', FISCAL),
    agendaEvent(7, '2025-11-10', FISCAL),
  ];
  // 22 more fiscal deadlines in May: two pages of 20.
  for (let day = 1; day <= 22; day += 1) {
    rows.push(agendaEvent(100 + day, `2026-05-${String(day).padStart(2, '0')}`, FISCAL));
  }
  await database.db.insert(articles).values(rows);
  // A news article published in March is not an agenda event.
  await database.db.insert(articles).values({
    id: 'news-1',
    type: 'actualite',
    slug: 'actu',
    title: 'Une actualité',
    publicationDate: new Date('2026-03-15T08:00:00Z'),
  });
});

afterAll(async () => {
  await database?.close();
});

describe('agenda of a month', () => {
  it('lists the events of the month by event day, grouped by day, with the selectable days', async () => {
    const month = await getAgendaMonth(database.db, { year: 2026, month: 3 });
    expect(month.eventDays).toEqual(['2026-03-05', '2026-03-15', '2026-03-31']);
    expect(month.days.map((group) => [group.day, group.events.map((event) => event.id)])).toEqual([
      ['2026-03-05', ['ag-1']],
      ['2026-03-15', ['ag-2', 'ag-3']],
      ['2026-03-31', ['ag-4']],
    ]);
    expect(month.total).toBe(4);
    expect(month.pageCount).toBe(1);
  });

  it('filters by topic', async () => {
    const month = await getAgendaMonth(database.db, { year: 2026, month: 3, topicId: SOCIAL.id });
    expect(month.days.flatMap((group) => group.events.map((event) => event.id))).toEqual(['ag-1', 'ag-3']);
  });

  it('pages by 20 and keeps the calendar days of the whole month on every page', async () => {
    const first = await getAgendaMonth(database.db, { year: 2026, month: 5 });
    const second = await getAgendaMonth(database.db, { year: 2026, month: 5, page: 2 });
    expect(first.days.flatMap((group) => group.events)).toHaveLength(20);
    expect(second.days.flatMap((group) => group.events).map((event) => event.id)).toEqual([
      'ag-121',
      'ag-122',
    ]);
    expect(first.pageCount).toBe(2);
    expect(second.eventDays).toHaveLength(22);
  });

  it('reads the date parameter, falls back to the current month, and shows page 1 beyond the last page', async () => {
    const page = await loadAgendaPage(database.db, 'fiscal', { date: '05-2026', page: '7' }, NOW);
    expect(page.month).toMatchObject({ year: 2026, month: 5, param: '05-2026' });
    expect(page.agenda.page).toBe(1);
    expect(page.previous.param).toBe('04-2026');
    expect(page.next.param).toBe('06-2026');
    const fallback = await loadAgendaPage(database.db, null, { date: 'pas-une-date' }, NOW);
    expect(fallback.month).toMatchObject({ year: 2026, month: 3 });
    expect(fallback.today).toBe('2026-03-10');
  });
});

describe('iCalendar feed', () => {
  it('is valid for another parser: one all-day event per deadline from two months back, stable UIDs', async () => {
    const text = await agendaCalendar(database.db, 'fiscal', NOW);
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text).toContain('\r\n');
    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter((entry): entry is VEvent => entry?.type === 'VEVENT');
    // Fiscal only, from 1 January 2026 on: 2, 4, 5, 6 and the 22 of May; not 7 (November 2025) nor social ones.
    expect(events).toHaveLength(26);
    const acompte = events.find((event) => event.uid === 'agenda-ag-2@www.editions-portalis.fr');
    expect(acompte?.summary).toBe("Acompte d'impôt sur les sociétés");
    expect(acompte?.datetype).toBe('date');
    expect(acompte?.start.dateOnly).toBe(true);
    expect([acompte?.start.getFullYear(), acompte?.start.getMonth(), acompte?.start.getDate()]).toEqual([
      2026, 2, 15,
    ]);
    expect(acompte?.end && Math.round((acompte.end.getTime() - acompte.start.getTime()) / 86_400_000)).toBe(
      1,
    );
    expect(propertyValue(acompte?.url)).toContain('/agenda/fiscal?date=03-2026#jour-2026-03-15');
    expect(propertyValue(acompte?.description)).toContain('Résumé de l’échéance 2');
  });

  it('covers both topics without a topic', async () => {
    const parsed = ical.sync.parseICS(await agendaCalendar(database.db, undefined, NOW));
    const uids = Object.values(parsed)
      .filter((entry): entry is VEvent => entry?.type === 'VEVENT')
      .map((event) => event.uid);
    expect(uids).toContain('agenda-ag-1@www.editions-portalis.fr');
    expect(uids).not.toContain('agenda-ag-7@www.editions-portalis.fr');
  });
});
