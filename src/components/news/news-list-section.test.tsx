// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ArticleSummary } from '@/lib/contracts/content';
import { LOAD_FAILED_MESSAGE, NewsListSection, NO_NEWS_MESSAGE } from './news-list-section';

const fetchMock = vi.fn<typeof fetch>();

const news = (id: string): ArticleSummary => ({
  id,
  type: 'actualite',
  title: `Actualité ${id}`,
  summary: `Résumé ${id}`,
  slug: `actualite-${id}`,
  format: null,
  topics: [],
  thematics: [],
  trades: [],
  images: [],
  author: null,
  author_function: null,
  publication_date: '2026-11-20T08:00:00.000Z',
  update_date: null,
  enriched_news_id: null,
  additionalProperties: {},
  attachments: [],
});

const page = (...ids: string[]) => Response.json({ news: ids.map(news), thematics: [], additional: {} });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FILTER = { topic: 'fiscal', type: 'actualite', to: '2026-11-20T09:00:00.000Z' };

describe('NewsListSection', () => {
  test("'Plus d'actualités' loads the next page with the date bound and appends it without duplicates", async () => {
    fetchMock.mockResolvedValueOnce(page('b', 'c'));
    render(
      <NewsListSection
        heading="Toutes les actualités"
        news={[news('a'), news('b')]}
        hasMore
        filter={FILTER}
        pageSize={2}
        page={1}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: "Plus d'actualités" }));
    await screen.findByRole('link', { name: 'Actualité c' });
    expect(screen.getAllByRole('link')).toHaveLength(3);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/article/summary');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...FILTER, limit: '2', page: '2' });
    // A full page came back: the button stays.
    expect(screen.getByRole('button', { name: "Plus d'actualités" })).toBeTruthy();
  });

  test('the button goes once a short page came back', async () => {
    fetchMock.mockResolvedValueOnce(page('c'));
    render(
      <NewsListSection heading="Liste" news={[news('a'), news('b')]} hasMore filter={FILTER} pageSize={2} />,
    );
    fireEvent.click(screen.getByRole('button', { name: "Plus d'actualités" }));
    await screen.findByRole('link', { name: 'Actualité c' });
    expect(screen.queryByRole('button', { name: "Plus d'actualités" })).toBeNull();
  });

  test('an error empties the list and says so', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: { code: 'x', message: 'Service indisponible' } }, { status: 503 }),
    );
    render(
      <NewsListSection heading="Liste" news={[news('a'), news('b')]} hasMore filter={FILTER} pageSize={2} />,
    );
    fireEvent.click(screen.getByRole('button', { name: "Plus d'actualités" }));
    await screen.findByText(/Service indisponible/);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: "Plus d'actualités" })).toBeNull();
  });

  test('no news: the no-match message of the spec', () => {
    render(<NewsListSection heading="Liste" news={[]} hasMore={false} filter={FILTER} />);
    expect(screen.getByText(NO_NEWS_MESSAGE)).toBeTruthy();
    expect(NO_NEWS_MESSAGE).toBe(
      "Il n'y a aucune actualité correspondant aux filtres que vous avez sélectionnés",
    );
  });

  test("a failed 'Plus d'actualités' says so and 'Réessayer' brings the list back and loads again", async () => {
    // A 500 is an empty result for a new filter (spec section 8), but a next page that fails so is a failure.
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: { code: 'x', message: 'Erreur interne' } }, { status: 500 }),
    );
    fetchMock.mockResolvedValueOnce(page('c', 'd'));
    render(
      <NewsListSection
        heading="Liste"
        news={[news('a'), news('b')]}
        hasMore
        filter={FILTER}
        pageSize={2}
        page={1}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: "Plus d'actualités" }));
    await screen.findByText(LOAD_FAILED_MESSAGE);
    // The spec's emptied state: no list, no 'Plus d'actualités'.
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: "Plus d'actualités" })).toBeNull();
    expect(screen.queryByText(NO_NEWS_MESSAGE)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('link', { name: 'Actualité d' });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Actualité a',
      'Actualité b',
      'Actualité c',
      'Actualité d',
    ]);
    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
    expect(urls.map((url) => url.searchParams.get('page'))).toEqual(['2', '2']);
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });

  test('a network failure shows its message and offers Réessayer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(
      <NewsListSection heading="Liste" news={[news('a'), news('b')]} hasMore filter={FILTER} pageSize={2} />,
    );
    fireEvent.click(screen.getByRole('button', { name: "Plus d'actualités" }));
    await screen.findByText(/Failed to fetch/);
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
