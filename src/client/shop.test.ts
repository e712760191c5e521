import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { productFixture } from '../../tests/support/contract-fixtures';
import { isAbortError } from './http';
import { fetchProducts, fetchWhitePapers, searchShopProducts } from './shop';

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

const PRODUCT = productFixture();

describe('fetchProducts', () => {
  it('joins lists with semicolons and leaves absent values out', async () => {
    fetchMock.mockImplementation(async () => json([PRODUCT]));
    await expect(
      fetchProducts({
        nbProducts: 8,
        categories: ['11', '23'],
        ids: ['MFI', 'RJS'],
        metier: 'social',
        subject: 'social',
        skus: 'A;B',
      }),
    ).resolves.toEqual([PRODUCT]);
    expect(lastUrl().pathname).toBe('/api/eshop/products');
    expect(Object.fromEntries(lastUrl().searchParams)).toEqual({
      nbProducts: '8',
      categories: '11;23',
      ids: 'MFI;RJS',
      metier: 'social',
      subject: 'social',
      skus: 'A;B',
    });
    await fetchProducts();
    expect(lastUrl().search).toBe('');
  });

  it('throws the status and message of a refused query', async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'bad_request', message: 'Paramètres invalides.' } }, 400),
    );
    await expect(fetchProducts({ nbProducts: 0 })).rejects.toMatchObject({
      status: 400,
      message: 'Paramètres invalides.',
    });
  });
});

describe('searchShopProducts', () => {
  it('answers the products found', async () => {
    fetchMock.mockResolvedValue(json([PRODUCT]));
    await expect(searchShopProducts('mémento fiscal')).resolves.toEqual([PRODUCT]);
    expect(lastUrl().pathname).toBe('/api/eshop/textSearch');
    expect(lastUrl().searchParams.get('text')).toBe('mémento fiscal');
  });

  it('gives an empty list on any failure', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'internal', message: 'x' } }, 500));
    await expect(searchShopProducts('a')).resolves.toEqual([]);
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'rate_limited', message: 'x' } }, 429));
    await expect(searchShopProducts('a')).resolves.toEqual([]);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(searchShopProducts('a')).resolves.toEqual([]);
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    await expect(searchShopProducts('a')).resolves.toEqual([]);
    fetchMock.mockResolvedValueOnce(json({ products: [] }));
    await expect(searchShopProducts('a')).resolves.toEqual([]);
  });

  it('rejects a search cancelled by a newer one with the same key', async () => {
    fetchMock
      .mockImplementationOnce(
        (_input, init) =>
          new Promise((_, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      )
      .mockResolvedValueOnce(json([PRODUCT]));
    const first = searchShopProducts('mem', { key: 'produits' });
    const second = searchShopProducts('memento', { key: 'produits' });
    expect(isAbortError(await first.catch((caught: unknown) => caught))).toBe(true);
    await expect(second).resolves.toEqual([PRODUCT]);
  });
});

describe('fetchWhitePapers', () => {
  it('asks its path and answers the JSON', async () => {
    const papers = [{ title: 'T', img_url: '/i.jpg', page_url: 'https://boutique.example/p.html' }];
    fetchMock.mockResolvedValue(json(papers));
    await expect(fetchWhitePapers()).resolves.toEqual(papers);
    expect(lastUrl().pathname).toBe('/api/eshop/whitePapers');
  });
});
