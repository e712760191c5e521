import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArchivePage } from '@/server/archive/archive-page';
import { normaliseArchiveParams } from '@/server/archive/archive-params';
import type { Database } from '@/server/db/client';
import { articles } from '@/server/db/schema';
import { createTestDatabase } from '../support/database';

const NOW = new Date('2026-05-12T10:00:00Z');
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = Array.from({ length: 45 }, (_, index) => ({
    id: `mar-${String(index).padStart(2, '0')}`,
    type: index % 3 === 0 ? 'chiffres-taux' : 'actualite',
    slug: `article-${index}`,
    title: `Article de mars n° ${index}`,
    // 45 articles through March 2026, one every 16 hours.
    publicationDate: new Date(Date.UTC(2026, 2, 1, 8) + index * 16 * 3_600_000),
  }));
  rows.push({
    id: 'paris-april',
    type: 'actualite',
    slug: 'minuit',
    title: 'Publié le 1er avril à 0 h 30 à Paris',
    // 31 March 22:30 UTC is already April in Paris (summer time).
    publicationDate: new Date('2026-03-31T22:30:00Z'),
  });
  await database.db.insert(articles).values(rows);
});

afterAll(async () => {
  await database?.close();
});

describe('archive page', () => {
  it('lists a month 20 a page, newest first, with page count and month totals in Paris time', async () => {
    const first = await loadArchivePage(database.db, { year: 2026, month: 3, page: 1 }, NOW);
    expect(first.news).toHaveLength(20);
    expect(first.news[0]?.id).toBe('mar-44');
    expect(first.pageCount).toBe(3);
    const third = await loadArchivePage(database.db, { year: 2026, month: 3, page: 3 }, NOW);
    expect(third.news.map((item) => item.id)).toEqual(['mar-04', 'mar-03', 'mar-02', 'mar-01', 'mar-00']);
    expect(first.months.find((entry) => entry.month === 3)?.total).toBe(45);
    expect(first.months.find((entry) => entry.month === 4)?.total).toBe(1);
  });

  it('offers the years from 2015 and disables the months after the current one this year', async () => {
    const page = await loadArchivePage(database.db, { year: 2026, month: 5, page: 1 }, NOW);
    expect(page.years[0]).toBe(2015);
    expect(page.years.at(-1)).toBe(2026);
    expect(page.months.filter((entry) => entry.disabled).map((entry) => entry.month)).toEqual([
      6, 7, 8, 9, 10, 11, 12,
    ]);
    const past = await loadArchivePage(database.db, { year: 2025, month: 12, page: 1 }, NOW);
    expect(past.months.some((entry) => entry.disabled)).toBe(false);
  });

  it('answers an empty month with no news and no page links', async () => {
    const page = await loadArchivePage(database.db, normaliseArchiveParams(['2019', 'juin'], NOW), NOW);
    expect(page.selection).toEqual({ year: 2019, month: 6, page: 1 });
    expect(page.news).toEqual([]);
    expect(page.pageCount).toBe(0);
  });
});
