import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { articleFixture, issueFixture, summaryFixture } from '../../tests/support/contract-fixtures';
import { fetchArchiveInfo, fetchArticle, fetchBanners, fetchIssue, fetchNewsSummary } from './content';
import { ApiError, isAbortError } from './http';

let fetchMock: Mock<(input: string, init: RequestInit) => Promise<Response>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function lastUrl(): URL {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('no request sent');
  return new URL(call[0], 'http://localhost');
}

/** A fetch that never answers on its own and rejects with an AbortError when its signal fires. */
function pendingUntilAborted(_input: string, init: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

const LIST = {
  news: [summaryFixture({ id: 'A1' })],
  thematics: [{ id: 'T', slug: 'tva', label: 'TVA', shortId: 'T2' }],
  additional: { total: 1, page: 1, limit: 20 },
};

describe('fetchNewsSummary', () => {
  it('sends the filter as the query, lists joined by commas, and answers the list', async () => {
    fetchMock.mockResolvedValue(json(LIST));
    const answer = await fetchNewsSummary({
      trade: 'fiscal',
      topic: 'fiscal',
      type: ['EFL_TEE_actualiteVideo', 'podcast'],
      thematicsId: ['tva', 'is'],
      needsThematics: true,
      from: '2024-03',
      to: '2024-03-10T09:00:00Z',
      limit: 14,
      page: 2,
      sort: '-publication_date',
      full: false,
    });
    expect(answer).toEqual(LIST);
    const url = lastUrl();
    expect(url.pathname).toBe('/api/article/summary');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      trade: 'fiscal',
      topic: 'fiscal',
      type: 'EFL_TEE_actualiteVideo,podcast',
      thematicsId: 'tva,is',
      needsThematics: 'true',
      from: '2024-03',
      to: '2024-03-10T09:00:00Z',
      limit: '14',
      page: '2',
      sort: '-publication_date',
      full: 'false',
    });
  });

  it('leaves absent values out', async () => {
    fetchMock.mockResolvedValue(json(LIST));
    await fetchNewsSummary({ type: 'podcast', topic: undefined });
    expect(lastUrl().search).toBe('?type=podcast');
  });

  it.each([416, 500])('gives empty news and thematics for a %i answer', async (status) => {
    fetchMock.mockResolvedValue(json({ error: { code: 'x', message: 'ignoré' } }, status));
    await expect(fetchNewsSummary({ page: 50, limit: 20 })).resolves.toEqual({
      news: [],
      thematics: [],
      additional: { total: 0, page: 50, limit: 20 },
    });
  });

  it.each([400, 404, 503])('keeps the status and message of a %i answer', async (status) => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'bad_request', message: 'Paramètres invalides.' } }, status),
    );
    const error = await fetchNewsSummary({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, message: 'Paramètres invalides.', code: 'bad_request' });
  });

  it('a new call with the same key cancels the previous one', async () => {
    fetchMock.mockImplementationOnce(pendingUntilAborted).mockResolvedValueOnce(json(LIST));
    const first = fetchNewsSummary({ page: 1 }, { key: 'liste' });
    const second = fetchNewsSummary({ page: 2 }, { key: 'liste' });
    const firstError = await first.catch((caught: unknown) => caught);
    expect(isAbortError(firstError)).toBe(true);
    await expect(second).resolves.toEqual(LIST);
  });

  it('calls with different keys run side by side', async () => {
    let release: (() => void) | undefined;
    fetchMock
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            release = () => resolve(json(LIST));
          }),
      )
      .mockResolvedValueOnce(json(LIST));
    const first = fetchNewsSummary({}, { key: 'a' });
    await expect(fetchNewsSummary({}, { key: 'b' })).resolves.toEqual(LIST);
    release?.();
    await expect(first).resolves.toEqual(LIST);
  });
});

describe('fetchArticle', () => {
  it('asks for an article with the session token given', async () => {
    const answer = articleFixture({ id: 'E1' }, true);
    fetchMock.mockImplementation(async () => json(answer));
    await expect(fetchArticle('E1', { eshopCookie: 'jeton' })).resolves.toEqual(answer);
    expect(lastUrl().pathname).toBe('/api/article/single');
    expect(Object.fromEntries(lastUrl().searchParams)).toEqual({ newsId: 'E1', eshopCookie: 'jeton' });
    await fetchArticle('E1');
    expect(lastUrl().search).toBe('?newsId=E1');
  });

  it('throws the 404 of an unknown article with its message', async () => {
    fetchMock.mockResolvedValue(
      json(
        { error: { code: 'not_found', message: "Cet article n'existe pas ou n'est plus disponible." } },
        404,
      ),
    );
    await expect(fetchArticle('Z9')).rejects.toMatchObject({
      status: 404,
      message: "Cet article n'existe pas ou n'est plus disponible.",
    });
  });
});

describe('archive, issue and banners', () => {
  it('ask their paths and answer the JSON', async () => {
    const months = Array.from({ length: 12 }, (_, index) => ({
      month: index + 1,
      value: `${index + 1}`,
      total: 0,
    }));
    fetchMock.mockResolvedValueOnce(json(months));
    await expect(fetchArchiveInfo(2024)).resolves.toEqual(months);
    expect(`${lastUrl().pathname}${lastUrl().search}`).toBe('/api/archive/info?year=2024');

    const issue = issueFixture({ news: [summaryFixture()] });
    fetchMock.mockResolvedValueOnce(json(issue));
    await expect(fetchIssue()).resolves.toEqual(issue);
    expect(lastUrl().pathname).toBe('/api/issue');

    const image = { url: '/images/bannieres/b1.jpg', width: 1200, height: 200 };
    const banners = [
      { id: 'b1', alt: 'Offre', onClick: 'https://boutique.example.fr', desktop: image, mobile: image },
    ];
    fetchMock.mockResolvedValueOnce(json(banners));
    await expect(fetchBanners()).resolves.toEqual(banners);
    expect(lastUrl().pathname).toBe('/api/banner');
  });

  it('throw the status and message of a failed issue load', async () => {
    fetchMock.mockResolvedValue(json({ error: { code: 'not_found', message: 'Aucun numéro' } }, 404));
    await expect(fetchIssue()).rejects.toMatchObject({ status: 404, message: 'Aucun numéro' });
  });
});
