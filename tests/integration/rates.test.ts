import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as summary } from '@/app/api/article/summary/route';
import type { Database } from '@/server/db/client';
import { articles, topics } from '@/server/db/schema';
import { loadSectionListing } from '@/server/simulators/section-listing';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';

const SOCIAL = { id: 'EBX:EFL_Themes:Social', shortId: 'S', label: 'Social', slug: 'social' };
const PAIE = { id: 'EBX:EFL_Themes:Paie', shortId: 'S1', label: 'Paie', slug: 'paie', parentId: SOCIAL.id };
const COTIS = {
  id: 'EBX:EFL_Themes:Cotis',
  shortId: 'S2',
  label: 'Cotisations sociales',
  slug: 'cotisations-sociales',
  parentId: SOCIAL.id,
};
const NOW = new Date('2026-06-01T10:00:00Z');

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  await database.db.insert(topics).values([SOCIAL, PAIE, COTIS]);
  // 27 figures and rates, one a day in May 2026 (rate-27 the newest), alternating thematics.
  await database.db.insert(articles).values(
    Array.from({ length: 27 }, (_, index) => {
      const thematic = index % 2 === 0 ? PAIE : COTIS;
      return {
        id: `rate-${String(index + 1).padStart(2, '0')}`,
        type: 'chiffres-taux',
        slug: `taux-${index + 1}`,
        title: `Taux n° ${index + 1}`,
        publicationDate: new Date(Date.UTC(2026, 4, index + 1, 8)),
        topics: [SOCIAL],
        thematics: [thematic],
        topicIds: [SOCIAL.id, thematic.id],
      };
    }),
  );
  await database.db.insert(articles).values({
    id: 'news-1',
    type: 'actualite',
    slug: 'actu',
    title: 'Une actualité sociale',
    publicationDate: new Date('2026-05-30T08:00:00Z'),
    topics: [SOCIAL],
    topicIds: [SOCIAL.id],
  });
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

describe('figures and rates', () => {
  it('lists the 20 latest figures and rates of a topic, with its thematics, and offers more', async () => {
    const list = await loadSectionListing(
      database.db,
      { type: 'chiffres-taux', topicSlug: 'social', limit: 20 },
      NOW,
    );
    expect(list.news).toHaveLength(20);
    expect(list.news[0]?.id).toBe('rate-27');
    expect(list.news.every((item) => item.type === 'chiffres-taux')).toBe(true);
    expect(list.thematics.map((thematic) => thematic.slug).sort()).toEqual(['cotisations-sociales', 'paie']);
    expect(list.hasMore).toBe(true);
    expect(list.filter).toEqual({
      type: 'chiffres-taux',
      full: 'true',
      topic: 'social',
      to: NOW.toISOString(),
    });
  });

  it('loads the next 10 after the first 20 with the filter the page hands to the browser', async () => {
    const { filter } = await loadSectionListing(
      database.db,
      { type: 'chiffres-taux', topicSlug: 'social', limit: 20 },
      NOW,
    );
    const more = await callHandler<{ news: { id: string }[] }>(summary, '/api/article/summary', {
      query: { ...filter, limit: 10, page: 3 },
    });
    expect(more.status).toBe(200);
    expect(more.body.news.map((item) => item.id)).toEqual([
      'rate-07',
      'rate-06',
      'rate-05',
      'rate-04',
      'rate-03',
      'rate-02',
      'rate-01',
    ]);
  });

  it('filters a sub-topic path by its thematic and drops unknown thematics', async () => {
    const list = await loadSectionListing(
      database.db,
      { type: 'chiffres-taux', topicSlug: 'social', thematicsParam: 'paie_inconnue', limit: 20 },
      NOW,
    );
    expect(list.selected.map((thematic) => thematic.slug)).toEqual(['paie']);
    expect(list.news).toHaveLength(14);
    expect(list.news.every((item) => item.thematics[0]?.slug === 'paie')).toBe(true);
    expect(list.hasMore).toBe(false);
  });
});
