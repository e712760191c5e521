import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import { loadArticlePage } from '@/server/pages/article-page';
import { newsFeedXml } from '@/server/pages/feeds';
import { loadHomePage } from '@/server/pages/home-page';
import { loadListingPage } from '@/server/pages/news-listing';
import { articleMetadata, listingMetadata } from '@/server/pages/seo';
import { googleNewsXml, newsEntriesOfYear, taxonomyEntries } from '@/server/pages/sitemaps';
import { FIXTURE_TAGS, SECRET_WORDS, seedApiFixtures } from '../support/api';
import { createTestDatabase } from '../support/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedApiFixtures(database.db);
});

afterAll(async () => {
  await database?.close();
});

const expectNoSecret = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const word of SECRET_WORDS) expect(text).not.toContain(word);
};

describe('article page data', () => {
  it('an enriched news keeps its first section only, by its enriched news id or its article id', async () => {
    for (const id of ['EN-1', 'E001']) {
      const data = await loadArticlePage(database.db, id);
      expect(data?.isPaywallable).toBe(true);
      expect(data?.article.sections.map((section) => section.id)).toEqual(['E001-S1']);
      expectNoSecret(data);
    }
  });

  it('a paywalled article keeps its head only, and the metadata carry no gated text', async () => {
    const data = await loadArticlePage(database.db, 'P001');
    expect(data?.isPaywallable).toBe(true);
    expect(data?.article.view).toContain('Paragraphe ouvert 0');
    expectNoSecret(data);
    if (!data) throw new Error('no article');
    expectNoSecret(articleMetadata(data.article));
  });

  it("'A lire aussi' leaves the article out and holds at most 3 news sharing its thematic", async () => {
    const data = await loadArticlePage(database.db, 'A002');
    expect(data?.related.length).toBe(3);
    expect(data?.related.map((item) => item.id)).not.toContain('A002');
    for (const item of data?.related ?? []) {
      expect(item.thematics.map((thematic) => thematic.slug)).toContain(FIXTURE_TAGS.tva.slug);
    }
  });

  it('an unknown article is null', async () => {
    expect(await loadArticlePage(database.db, 'inconnu')).toBeNull();
  });
});

describe('listing pages', () => {
  it('a topic page keeps the valid thematics of its path in order, drops the others, and is noindex with two', async () => {
    const data = await loadListingPage(
      database.db,
      'fiscal',
      `${FIXTURE_TAGS.is.slug}_inconnue_${FIXTURE_TAGS.tva.slug}`,
    );
    expect(data?.selected.map((thematic) => thematic.slug)).toEqual([
      FIXTURE_TAGS.is.slug,
      FIXTURE_TAGS.tva.slug,
    ]);
    expect(data?.thematics.map((thematic) => thematic.slug)).toEqual(
      expect.arrayContaining([FIXTURE_TAGS.tva.slug, FIXTURE_TAGS.is.slug]),
    );
    if (!data) throw new Error('no page');
    expect(listingMetadata(data).robots).toMatchObject({ index: false, 'max-snippet': -1 });
    const one = await loadListingPage(database.db, 'fiscal', FIXTURE_TAGS.tva.slug);
    if (!one) throw new Error('no page');
    expect(
      one.news.every((item) => item.thematics.some((thematic) => thematic.slug === FIXTURE_TAGS.tva.slug)),
    ).toBe(true);
    expect(String(listingMetadata(one).alternates?.canonical)).toMatch(/\/actualite\/fiscal\/tva$/);
  });

  it('a topic page lists 14 news first and offers more while the page is full; an unknown topic is null', async () => {
    const data = await loadListingPage(database.db, 'fiscal', undefined);
    expect(data?.news).toHaveLength(14);
    expect(data?.hasMore).toBe(true);
    expect(data?.filter).toMatchObject({ topic: 'fiscal' });
    expect(await loadListingPage(database.db, 'inconnu', undefined)).toBeNull();
  });

  it('the news home lists every news format, newest first, with its media carousel', async () => {
    const data = await loadListingPage(database.db, undefined, undefined);
    expect(data?.topic).toBeNull();
    const types = new Set(data?.news.map((item) => item.type));
    expect(types.has('agenda')).toBe(false);
    expect(types.has('chiffres-taux')).toBe(false);
    expect(data?.media.every((item) => item.type === 'videos' || item.type === 'podcast')).toBe(true);
  });
});

describe('home page data', () => {
  it('filters the news by trade and keeps the rest of the page', async () => {
    const data = await loadHomePage(database.db, 'social');
    expect(data.news.length).toBeGreaterThan(0);
    expect(data.news.every((item) => item.trades.includes('social'))).toBe(true);
    expect(data.issueError).toBeNull();
  });
});

describe('feeds and sitemaps', () => {
  it('the RSS feeds carry summaries, never gated text', async () => {
    const all = await newsFeedXml(database.db);
    expect(all).toContain('<rss version="2.0"');
    expect(all).toContain('Actualité enrichie sur l’IS');
    expectNoSecret(all);
    const fiscal = await newsFeedXml(database.db, 'fiscal');
    expect(fiscal).not.toContain('Vidéo sociale');
    expect(await newsFeedXml(database.db, 'inconnu')).toBeNull();
  });

  it('escapes the title and summary as text: no markup of theirs reaches a feed reader', async () => {
    const line = JSON.stringify({
      id: 'RSS-X1',
      type: 'actualite',
      title: 'Titre <script>alert(1)</script> & fin',
      summary: 'Chapô <img src=x onerror=alert(2)>',
      topics: [FIXTURE_TAGS.fiscal],
      thematics: [],
      images: [],
      trades: [],
      publication_date: '2030-01-01T08:00:00Z',
      view: '<p>Corps</p>',
    });
    expect(await importArticles(database.db, [line])).toMatchObject({ ok: true });
    const xml = (await newsFeedXml(database.db)) ?? '';
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<img');
    expect(xml).toContain('Titre &lt;script&gt;alert(1)&lt;/script&gt; &amp; fin');
    expect(xml).toContain('Chapô &lt;img src=x onerror=alert(2)&gt;');
  });

  it('lists the sub-topic paths, the news of a year and the Google News sitemap of the last two days', async () => {
    const taxonomy = (await taxonomyEntries(database.db)).map((entry) => entry.path);
    expect(taxonomy).toContain('/actualite/fiscal/tva');
    const year = (await newsEntriesOfYear(database.db, 2024)).map((entry) => entry.path);
    expect(year).toContain('/actualite/article-reserve_P001');
    expect(year.some((path) => path.includes('#'))).toBe(false);
    const news = await googleNewsXml(database.db, new Date('2024-05-04T08:00:00Z'));
    expect(news).toContain('article-reserve_P001');
    expect(news).not.toContain('_A001');
  });
});
