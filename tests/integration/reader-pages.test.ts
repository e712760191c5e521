import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import { loadArticlePage } from '@/server/pages/article-page';
import { FIXTURE_TAGS, seedApiFixtures } from '../support/api';
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
