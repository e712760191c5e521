// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { searchArticles } from './body-editor';

const fetchMock = vi.fn<typeof fetch>();

const item = (id: string, title: string) => ({
  id,
  title,
  type: 'actualite',
  status: 'published',
  version: 2,
  publishedVersion: 2,
  author: null,
  topics: [],
  publicationDate: '2026-11-30T08:00:00.000Z',
  scheduledAt: null,
  updatedAt: '2026-11-30T08:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  path: `/actualite/x_${id}`,
  eventDate: null,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the internal-link search', () => {
  test('asks for published articles only, and leaves out the article being edited', async () => {
    window.history.replaceState(null, '', '/redaction/articles/R1');
    fetchMock.mockResolvedValue(
      Response.json({
        items: [item('R1', 'Celle-ci'), item('A2', 'Une autre')],
        total: 2,
        totalIsLowerBound: false,
        creators: [],
        page: 1,
        perPage: 11,
        pageCount: 1,
      }),
    );
    const found = await searchArticles('taux');
    expect(found.map((target) => target.id)).toEqual(['A2']);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('status')).toBe('published');
    expect(url.searchParams.get('q')).toBe('taux');
  });
});
