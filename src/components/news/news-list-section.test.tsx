// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ArticleSummary } from '@/server/content/article-summary';
import { NewsListSection, NO_NEWS_MESSAGE } from './news-list-section';

let search = new URLSearchParams();
vi.mock('next/navigation', () => ({
  useSearchParams: () => search,
  useRouter: () => ({ push: vi.fn() }),
}));

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
  search = new URLSearchParams();
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

  test('a format in the URL reloads the list with that content type', async () => {
    search = new URLSearchParams('format=videos');
    fetchMock.mockResolvedValueOnce(page('v1'));
    render(
      <NewsListSection heading="Liste" news={[news('a')]} hasMore={false} filter={FILTER} pageSize={2} />,
    );
    await screen.findByRole('link', { name: 'Actualité v1' });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('type')).toBe('videos');
    expect(url.searchParams.get('page')).toBe('1');
    expect(screen.queryByRole('link', { name: 'Actualité a' })).toBeNull();
  });
});
