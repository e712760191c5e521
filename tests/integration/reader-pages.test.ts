import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import { loadArticlePage } from '@/server/pages/article-page';
import { loadListingPage } from '@/server/pages/news-listing';
import { FIXTURE_TAGS, SECRET_WORDS, seedApiFixtures } from '../support/api';
import { createTestDatabase } from '../support/database';

// The defects a reader found on the pages (issue 16), on the API fixtures plus the news below.

let database: Database;

const { fiscal, tva } = FIXTURE_TAGS;
const news = (id: string, title: string, day: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    type: 'actualite',
    title,
    summary: '',
    topics: [fiscal],
    thematics: [tva],
    images: [],
    trades: ['fiscal'],
    publication_date: `2024-06-${String(day).padStart(2, '0')}T08:00:00Z`,
    view: '<p>Corps.</p>',
    ...extra,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedApiFixtures(database.db);
  const outcome = await importArticles(database.db, [
    news('T001', 'Un titre publié deux fois', 1),
    // The enriched version of the same story: its twin.
    news('T002', 'Un titre publié deux fois', 2, {
      enriched_news_id: 'EN-T',
      sections: [{ id: 'T002-S1', title: 'Section', summary: '', view: '<p>Un.</p>' }],
    }),
    news('T003', 'Une autre histoire', 3),
    news('T004', 'Une  autre Histoire !', 4),
  ]);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
});

afterAll(async () => {
  await database?.close();
});

describe("'A lire aussi'", () => {
  it('never shows the article, its enriched twin, nor two news of the same title', async () => {
    for (const id of ['T001', 'EN-T']) {
      const data = await loadArticlePage(database.db, id);
      const related = data?.related ?? [];
      expect(related).toHaveLength(3);
      expect(related.map((item) => item.title)).not.toContain('Un titre publié deux fois');
      expect(related.map((item) => item.id)).not.toContain('T001');
      expect(related.map((item) => item.id)).not.toContain('T002');
      const titles = related.map((item) => item.title.toLowerCase().replace(/[^a-z]+/g, ''));
      expect(new Set(titles).size).toBe(titles.length);
      // The newest of the two same-titled news stays.
      expect(related[0]?.id).toBe('T004');
    }
  });
});

describe('the locked sections of an enriched news', () => {
  it('lists the withheld sections by title only, for the table of contents of a visitor without access', async () => {
    const data = await loadArticlePage(database.db, 'EN-1');
    expect(data?.article.sections.map((section) => section.id)).toEqual(['E001-S1']);
    expect(data?.lockedSections).toEqual([
      { id: 'E001-S2', title: 'Le contexte' },
      { id: 'E001-S3', title: 'À retenir' },
    ]);
    for (const word of SECRET_WORDS) expect(JSON.stringify(data)).not.toContain(word);
    expect((await loadArticlePage(database.db, 'A002'))?.lockedSections).toEqual([]);
    expect((await loadArticlePage(database.db, 'EN-T'))?.lockedSections).toEqual([]);
  });
});

describe('the trade and format filters of the news home, topic and thematic pages', () => {
  it('a trade filters the grid, the list, the media carousel and the next pages', async () => {
    const plain = await loadListingPage(database.db, undefined, undefined);
    expect(plain?.news.some((item) => !item.trades.includes('social'))).toBe(true);
    const data = await loadListingPage(database.db, undefined, undefined, { metier: 'social' });
    expect(data?.news.length).toBeGreaterThan(0);
    expect(data?.news.every((item) => item.trades.includes('social'))).toBe(true);
    expect(data?.media.length).toBeGreaterThan(0);
    expect(data?.media.every((item) => item.trades.includes('social'))).toBe(true);
    expect(data?.filter).toMatchObject({ trade: 'social' });
    expect(data?.filters).toEqual({ metier: 'social' });
  });

  it('on a topic page, a trade nobody writes for there leaves the page empty', async () => {
    const data = await loadListingPage(database.db, 'fiscal', undefined, { metier: 'social' });
    expect(data?.news).toEqual([]);
    expect(data?.media).toEqual([]);
    const thematic = await loadListingPage(database.db, 'fiscal', tva.slug, { metier: 'fiscal' });
    expect(thematic?.news.length).toBeGreaterThan(0);
    expect(thematic?.filter).toMatchObject({ trade: 'fiscal', topic: 'fiscal' });
  });

  it('a format filters the whole page: grid, list, carousel', async () => {
    const videos = await loadListingPage(database.db, undefined, undefined, { format: 'videos' });
    expect(videos?.news.map((item) => item.type)).toEqual(Array(5).fill('videos'));
    expect(videos?.media.every((item) => item.type === 'videos')).toBe(true);
    expect(videos?.filter.type).toBe('videos');
    const podcasts = await loadListingPage(database.db, 'fiscal', undefined, { format: 'podcast' });
    expect(podcasts?.news.map((item) => item.id)).toEqual(['C004']);
    expect(podcasts?.media.map((item) => item.id)).toEqual(['C004']);
    const timelines = await loadListingPage(database.db, undefined, undefined, { format: 'timeline' });
    expect(timelines?.news).toEqual([]);
    expect(timelines?.media).toEqual([]);
  });
});
