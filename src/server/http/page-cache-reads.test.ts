import http, { type OutgoingHttpHeaders } from 'node:http';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  get,
  ISR_HEADERS,
  servePageCacheBeforeStandIn,
  stand,
} from '../../../tests/support/page-cache-stand-in';
import { SESSION_COOKIE } from '../accounts/sessions';
import { pageCacheStats, SHARED_PAGE_CACHE_SECONDS, SHARED_READ_CACHE_MAX_ENTRIES } from './page-cache-store';

servePageCacheBeforeStandIn();

describe('page cache for the public API reads', () => {
  const JSON_HEADERS: OutgoingHttpHeaders = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-cache, no-store, must-revalidate, max-age=0',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  const LIST = JSON.stringify({ news: [{ id: '1', title: 'Taux de TVA' }] });

  beforeEach(() => {
    stand.upstream = { status: 200, headers: { ...JSON_HEADERS }, body: LIST };
  });

  it('answers the same URL again without Next.js, with the same bytes and headers', async () => {
    await get('/api/article/summary?limit=20');
    const second = await get('/api/article/summary?limit=20', { headers: { 'x-request-id': 'given-id-2' } });
    await get('/api/issue');
    await get('/api/issue');
    await get('/api/search/suggest?term=tva');
    await get('/api/search/suggest?term=tvb');
    expect(stand.reached.map((request) => request.url)).toEqual([
      '/api/article/summary?limit=20',
      '/api/issue',
      '/api/search/suggest?term=tva',
      '/api/search/suggest?term=tvb',
    ]);
    expect(second.body.toString()).toBe(LIST);
    expect(second.response.headers.get('content-type')).toBe(JSON_HEADERS['content-type']);
    expect(second.response.headers.get('cache-control')).toBe(JSON_HEADERS['cache-control']);
    expect(second.response.headers.get('x-request-id')).toBe('given-id-2');
    expect(second.response.headers.get('x-nextjs-cache')).toBeNull();
  });

  /** The answer's header names in the order they came, and the X-Accel-Expires value. */
  function edgeHeaders(path: string) {
    return new Promise<{ names: string[]; expires: string | undefined }>((resolve, reject) => {
      http
        .get(`${stand.base}${path}`, (response) => {
          response.resume();
          const names = response.rawHeaders
            .filter((_, index) => index % 2 === 0)
            .map((name) => name.toLowerCase());
          const expires = response.headers['x-accel-expires'];
          response.on('end', () =>
            resolve({ names, expires: typeof expires === 'string' ? expires : undefined }),
          );
        })
        .on('error', reject);
    });
  }

  it('tells nginx how long it may keep the answer, before any other cache header (nginx 1.22 reads them in order)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      stand.upstream.headers = { ...JSON_HEADERS, expires: '0', pragma: 'no-cache' };
      const first = await edgeHeaders('/api/issue');
      expect(first.expires).toBe(String(SHARED_PAGE_CACHE_SECONDS));
      expect(first.names[0]).toBe('x-accel-expires');
      // The answers from this cache: the remaining life of its copy, still first.
      vi.setSystemTime(Date.now() + 2_500);
      const second = await edgeHeaders('/api/issue');
      expect(second.expires).toBe(String(SHARED_PAGE_CACHE_SECONDS - 2));
      expect(second.names[0]).toBe('x-accel-expires');
      // A stale copy, served while refreshed: one second.
      vi.setSystemTime(Date.now() + SHARED_PAGE_CACHE_SECONDS * 1000);
      expect((await edgeHeaders('/api/issue')).expires).toBe('1');
      expect(stand.reached.length).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['an error', { status: 400 }],
    ['an answer that is not JSON', { headers: { ...JSON_HEADERS, 'content-type': 'text/html' } }],
    ['an answer setting a cookie', { headers: { ...JSON_HEADERS, 'set-cookie': 'x=1' } }],
  ])('never tells nginx to keep %s', async (_name, change) => {
    stand.upstream = { ...stand.upstream, ...change };
    expect((await edgeHeaders('/api/issue')).expires).toBeUndefined();
  });

  it('never tells nginx to keep what is not a shared read', async () => {
    expect((await edgeHeaders('/api/contentAlert/topics')).expires).toBeUndefined();
    expect((await edgeHeaders('/api/article/summary?limit=abc')).expires).toBeUndefined();
    expect((await edgeHeaders('/api/article/single?newsId=A1&eshopCookie=jeton')).expires).toBeUndefined();
  });

  it('keeps a single article as readers without a session read it, never one read with a session', async () => {
    const anonymous = await edgeHeaders('/api/article/single?newsId=A1');
    expect(anonymous.expires).toBe(String(SHARED_PAGE_CACHE_SECONDS));
    // Another spelling of the same query shares the entry.
    await get('/api/article/single?newsId=A1&utm=lettre');
    expect(stand.reached.map((request) => request.url)).toEqual(['/api/article/single?newsId=A1']);
    // A session (cookie, Bearer token, or the token the original API passes in the query) may unlock the article:
    // such a read neither comes from the anonymous copy nor replaces it, and nginx is told nothing.
    const sessions: [string, RequestInit][] = [
      ['/api/article/single?newsId=A1', { headers: { cookie: `${SESSION_COOKIE}=jeton` } }],
      ['/api/article/single?newsId=A1', { headers: { authorization: 'Bearer jeton' } }],
      ['/api/article/single?newsId=A1&eshopCookie=jeton', {}],
    ];
    for (const [path, init] of sessions) {
      stand.upstream = {
        ...stand.upstream,
        body: JSON.stringify({ article: { id: 'A1', body: 'texte complet' } }),
      };
      const { body } = await get(path, init);
      expect(body.toString()).toContain('texte complet');
    }
    expect(stand.reached).toHaveLength(4);
    expect((await edgeHeaders('/api/article/single?newsId=A1&eshopCookie=jeton')).expires).toBeUndefined();
    const again = await get('/api/article/single?newsId=A1');
    expect(again.body.toString()).toBe(LIST);
    expect(stand.reached).toHaveLength(5);
  });

  it.each([
    ['an error', { status: 400, body: '{"message":"limit invalide"}' }],
    ['a rate-limited answer', { status: 429 }],
    ['an answer that is not JSON', { headers: { ...JSON_HEADERS, 'content-type': 'text/html' } }],
    ['an answer setting a cookie', { headers: { ...JSON_HEADERS, 'set-cookie': 'x=1' } }],
  ])('does not keep %s', async (_name, change) => {
    stand.upstream = { ...stand.upstream, ...change };
    await get('/api/issue');
    await get('/api/issue');
    expect(stand.reached).toHaveLength(2);
  });

  it('has bounds of its own: endless suggestion prefixes never evict the news pages', async () => {
    // Rendered now (MISS): kept for ISR's minute, not the few seconds the requests below take on a loaded machine.
    stand.upstream = {
      status: 200,
      headers: { ...ISR_HEADERS, 'x-nextjs-cache': 'MISS' },
      body: '<p>Social</p>',
    };
    await get('/actualite/social');
    stand.upstream = { status: 200, headers: { ...JSON_HEADERS }, body: LIST };
    for (let index = 0; index <= SHARED_READ_CACHE_MAX_ENTRIES; index += 1)
      await get(`/api/search/suggest?term=m${index}`);
    expect(pageCacheStats().entries).toBe(1 + SHARED_READ_CACHE_MAX_ENTRIES);
    await get('/actualite/social');
    expect(stand.reached.filter((request) => request.url === '/actualite/social')).toHaveLength(1);
    // Hundreds of requests: seconds on a loaded machine.
  }, 30_000);
});
