import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  CACHE_NONCE,
  get,
  ISR_HEADERS,
  rawGet,
  servePageCacheBeforeStandIn,
  stand,
  waitFor,
} from '../../../tests/support/page-cache-stand-in';
import { purgePageCache } from './page-cache-purge';
import {
  ISR_PAGE_CACHE_SECONDS,
  PAGE_CACHE_MAX_ENTRIES,
  PAGE_CACHE_SECONDS,
  PAGE_CACHE_STALE_SECONDS,
  pageCacheStats,
  SHARED_PAGE_CACHE_SECONDS,
} from './page-cache-store';

servePageCacheBeforeStandIn();

describe('page cache in front of Next.js', () => {
  it('answers the second request of a shareable page without Next.js, with the same bytes and headers', async () => {
    const first = await get('/actualite/fiscal');
    const second = await get('/actualite/fiscal', { headers: { 'x-request-id': 'proxy-given-id-1' } });
    expect(stand.reached).toHaveLength(1);
    expect(second.body.toString()).toBe(stand.upstream.body);
    expect(second.body.toString()).toBe(first.body.toString());
    // Each answer gets a nonce of its own (the first one, Next's, included): never the build's cache nonce.
    const policies = [first, second].map((answer) => answer.response.headers.get('content-security-policy'));
    expect(new Set(policies).size).toBe(2);
    for (const policy of policies) expect(policy).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(policies.join()).not.toContain(CACHE_NONCE);
    expect(second.response.headers.get('cache-control')).toBe(ISR_HEADERS['cache-control']);
    expect(second.response.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(first.response.headers.get('x-cache')).toBe('MISS');
    expect(second.response.headers.get('x-cache')).toBe('HIT');
    expect(second.response.headers.get('x-request-id')).toBe('proxy-given-id-1');
    expect(pageCacheStats()).toMatchObject({ hits: expect.any(Number), entries: 1 });
  });

  it('gives each answer its own request id when the client sent none or a malformed one', async () => {
    await get('/actualite/fiscal');
    const a = await get('/actualite/fiscal');
    const b = await get('/actualite/fiscal', { headers: { 'x-request-id': 'bad id!' } });
    expect(a.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.response.headers.get('x-request-id')).not.toBe(b.response.headers.get('x-request-id'));
  });

  it('asks Next.js for uncompressed bytes and gzips them here, for the visitor filling the entry too', async () => {
    stand.upstream.compress = true;
    const first = await rawGet('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(stand.reached[0]?.acceptEncoding).toBeUndefined();
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.body).toString()).toBe(stand.upstream.body);
    const second = await rawGet('/', { 'accept-encoding': 'gzip' });
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(second.body).toString()).toBe(stand.upstream.body);
    const identity = await rawGet('/', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(stand.upstream.body);
    expect(stand.reached).toHaveLength(1);
  });

  it('serves identity bytes to a client that refuses gzip', async () => {
    await get('/');
    const raw = await rawGet('/', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(raw.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match and headers only to HEAD', async () => {
    await get('/actualite');
    const notModified = await get('/actualite', { headers: { 'if-none-match': '"abc"' } });
    expect(notModified.response.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const head = await get('/actualite', { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('content-length')).toBe(String(Buffer.byteLength(stand.upstream.body)));
    expect(head.body.length).toBe(0);
    expect(stand.reached).toHaveLength(1);
  });

  it.each([
    ['an error status', { status: 404 }],
    ['a private page', { headers: { ...ISR_HEADERS, 'cache-control': 'private, no-cache, no-store' } }],
    ['a page without s-maxage', { headers: { ...ISR_HEADERS, 'cache-control': 'public, max-age=60' } }],
    ['an answer setting a cookie', { headers: { ...ISR_HEADERS, 'set-cookie': 'session=x' } }],
    ['a non-HTML answer', { headers: { ...ISR_HEADERS, 'content-type': 'text/x-component' } }],
  ])('does not keep %s', async (_name, change) => {
    stand.upstream = { ...stand.upstream, ...change };
    await get('/actualite/social');
    await get('/actualite/social');
    expect(stand.reached).toHaveLength(2);
    expect(pageCacheStats().entries).toBe(0);
  });

  it.each([
    ['a personal page rendered per request', '/unsubscribe?token=abc', {}],
    ['a personal API call', '/api/article/single?newsId=1', {}],
    ['an RSC payload by query', '/actualite/fiscal?_rsc=1x2y', {}],
    ['an RSC payload by header', '/actualite/fiscal', { rsc: '1' }],
    ['a prefetch', '/actualite/fiscal', { 'next-router-prefetch': '1' }],
    ['a ranged request', '/actualite/fiscal', { range: 'bytes=0-10' }],
  ])('leaves %s to Next.js', async (_name, path, headers) => {
    await get(path, { headers });
    await get(path, { headers });
    expect(stand.reached).toHaveLength(2);
  });

  it('never keeps a newsroom page or an Admin API answer', async () => {
    for (const path of ['/redaction', '/redaction/articles', '/api/admin/articles']) {
      await get(path);
      await get(path);
    }
    expect(stand.reached).toHaveLength(6);
    expect(pageCacheStats().entries).toBe(0);
  });

  it('never answers a POST from the cache', async () => {
    await get('/actualite/fiscal');
    await get('/actualite/fiscal', { method: 'POST', body: 'x' });
    expect(stand.reached).toHaveLength(2);
  });

  it('keeps one entry per path, and per trade on the home page', async () => {
    await get('/?metier=fiscal');
    stand.upstream = { ...stand.upstream, body: '<p>Tous les métiers</p>' };
    const all = await get('/');
    const trade = await get('/?metier=fiscal');
    expect(all.body.toString()).toBe('<p>Tous les métiers</p>');
    expect(trade.body.toString()).toBe('<!doctype html><p>Actualité du jour</p>');
  });

  it('gives an unknown trade no entry of its own: it is the all-trades page, as next.config.ts rewrites it', async () => {
    await get('/');
    for (const trade of ['zz123', 'zz124', 'expert-comptable', '', 'FISCAL', 'fiscal%00']) {
      await get(`/?metier=${trade}`);
      await get(`/?metier=${trade}&utm_source=x`);
    }
    expect(stand.reached.map((request) => request.url)).toEqual(['/']);
    expect(pageCacheStats().entries).toBe(1);
  });

  it('serves a page whatever its other query parameters: Next.js answers one ISR entry per path', async () => {
    await get('/actualite/fiscal');
    await get('/actualite/fiscal?utm_source=lettre&format=inconnu&metier=toString');
    await get('/?utm_source=lettre');
    await get('/');
    await get('/?metier=social&utm_source=lettre');
    await get('/?metier=social');
    expect(stand.reached.map((request) => request.url)).toEqual([
      '/actualite/fiscal',
      '/?utm_source=lettre',
      '/?metier=social&utm_source=lettre',
    ]);
  });

  it('keeps one entry per known trade and format on the news listings, the format in one spelling', async () => {
    await get('/actualite/fiscal?metier=social');
    await get('/actualite/fiscal?utm_source=lettre&metier=social');
    await get('/actualite?format=video');
    await get('/actualite?format=videos');
    await get('/actualite?format=videos&metier=social');
    await get('/actualite?metier=social&format=video');
    // Unknown values make no entry of their own: Next.js answers the page without filter for them.
    await get('/actualite/fiscal');
    await get('/actualite/fiscal?metier=inconnu&format=constructor');
    expect(stand.reached.map((request) => request.url)).toEqual([
      '/actualite/fiscal?metier=social',
      '/actualite?format=video',
      '/actualite?format=videos&metier=social',
      '/actualite/fiscal',
    ]);
  });

  it('asks Next.js again once an entry is older than its life', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await get('/actualite/fiscal');
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS - 1) * 1000);
      await get('/actualite/fiscal');
      expect(stand.reached).toHaveLength(1);
      vi.setSystemTime(Date.now() + 2000);
      await get('/actualite/fiscal');
      expect(stand.reached).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves a page Next.js just rendered (MISS) until its ISR copy would turn stale, then asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      stand.upstream.headers['x-nextjs-cache'] = 'MISS';
      await get('/actualite/fiscal');
      vi.setSystemTime(Date.now() + (ISR_PAGE_CACHE_SECONDS - 1) * 1000);
      const kept = await get('/actualite/fiscal');
      expect(kept.response.headers.get('x-nextjs-cache')).toBe('HIT');
      expect(stand.reached).toHaveLength(1);
      // Next's copy is now as old as ISR's life: the next answer comes from a refresh (served stale meanwhile).
      stand.upstream.headers['x-nextjs-cache'] = 'STALE';
      vi.setSystemTime(Date.now() + 2000);
      await get('/actualite/fiscal');
      await waitFor(() => stand.reached.length === 2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a STALE copy PAGE_CACHE_SECONDS only, then the fresh render until its own ISR life ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      stand.upstream.headers['x-nextjs-cache'] = 'STALE';
      await get('/actualite/social');
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      // Next rendered it again when it answered STALE: this HIT is that render, as old as that answer.
      stand.upstream.headers['x-nextjs-cache'] = 'HIT';
      await get('/actualite/social');
      expect(stand.reached).toHaveLength(2);
      vi.setSystemTime(
        Date.now() + (ISR_PAGE_CACHE_SECONDS - PAGE_CACHE_SECONDS - PAGE_CACHE_STALE_SECONDS - 2) * 1000,
      );
      await get('/actualite/social');
      expect(stand.reached).toHaveLength(2);
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS + 3) * 1000);
      await get('/actualite/social');
      expect(stand.reached).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets what it knew of Next’s renders on purge: a HIT after a content change is kept briefly', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      stand.upstream.headers['x-nextjs-cache'] = 'MISS';
      await get('/actualite/comptable');
      purgePageCache();
      stand.upstream.headers['x-nextjs-cache'] = 'HIT';
      await get('/actualite/comptable');
      expect(stand.reached).toHaveLength(2);
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/actualite/comptable');
      expect(stand.reached).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps shared reads SHARED_PAGE_CACHE_SECONDS whatever Next.js says of its cache', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      stand.upstream = {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-nextjs-cache': 'MISS' },
        body: '{"news":[]}',
      };
      await get('/api/issue');
      // Past the short life of other entries, still this copy (decision 055).
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/api/issue');
      expect(stand.reached).toHaveLength(1);
      vi.setSystemTime(Date.now() + (SHARED_PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/api/issue');
      expect(stand.reached).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds a random share of PAGE_CACHE_SPREAD_SECONDS (30) to the long lives, so copies made together expire apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Half of the spread: 15 s more than ISR's minute for a page, and for a shared read.
      vi.spyOn(Math, 'random').mockReturnValue(0.5);
      stand.upstream.headers['x-nextjs-cache'] = 'MISS';
      await get('/actualite/fiscal');
      stand.upstream = {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-nextjs-cache': 'MISS' },
        body: '{"news":[]}',
      };
      await get('/api/issue');
      expect(stand.reached).toHaveLength(2);
      vi.setSystemTime(Date.now() + (ISR_PAGE_CACHE_SECONDS + 14) * 1000);
      await get('/actualite/fiscal');
      await get('/api/issue');
      expect(stand.reached).toHaveLength(2);
      vi.setSystemTime(Date.now() + 2000);
      await get('/actualite/fiscal');
      await get('/api/issue');
      // Both served stale, each refreshed by one background request.
      await waitFor(() => stand.reached.length === 4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops expired pages as new ones are stored, so pages asked once do not pile up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let index = 0; index < 5; index += 1) await get(`/actualite/sujet-${index}`);
      // Still served stale while refreshed, for PAGE_CACHE_STALE_SECONDS past their life: kept until then.
      vi.setSystemTime(Date.now() + PAGE_CACHE_SECONDS * 1000);
      await get('/actualite/fiscal');
      expect(pageCacheStats().entries).toBe(6);
      vi.setSystemTime(Date.now() + PAGE_CACHE_STALE_SECONDS * 1000);
      await get('/actualite/social');
      expect(pageCacheStats().entries).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('past its life, serves the stale copy while one background request refreshes it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await get('/actualite/fiscal');
      vi.setSystemTime(Date.now() + PAGE_CACHE_SECONDS * 1000 + 1);
      stand.upstream = { ...stand.upstream, body: '<p>Version suivante</p>' };
      // The stand-in answers the refresh only once released: it is still rendering while readers ask.
      let release: () => void = () => {};
      stand.holdNext = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = await get('/actualite/fiscal');
      await waitFor(() => stand.reached.length === 2);
      const meanwhile = await get('/actualite/fiscal');
      for (const answer of [first, meanwhile]) {
        expect(answer.body.toString()).toBe('<!doctype html><p>Actualité du jour</p>');
      }
      expect(stand.reached).toHaveLength(2);
      const storedBefore = pageCacheStats().stores;
      release();
      await waitFor(() => pageCacheStats().stores > storedBefore);
      expect((await get('/actualite/fiscal')).body.toString()).toBe('<p>Version suivante</p>');
      expect(stand.reached).toHaveLength(2);
      // Past the stale window, a page is asked again before answering.
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/actualite/fiscal');
      expect(stand.reached).toHaveLength(3);
    } finally {
      stand.holdNext = undefined;
      vi.useRealTimers();
    }
  });

  it('refuses the refresh mark from anyone but the server itself', async () => {
    await get('/actualite/fiscal');
    await get('/actualite/fiscal', { headers: { 'x-page-cache-refresh': 'devine' } });
    expect(stand.reached).toHaveLength(1);
  });

  it('forgets everything on purge', async () => {
    await get('/actualite/fiscal');
    purgePageCache();
    await get('/actualite/fiscal');
    expect(stand.reached).toHaveLength(2);
  });

  it('evicts the least recently used pages beyond its entry bound', async () => {
    for (let index = 0; index <= PAGE_CACHE_MAX_ENTRIES; index += 1) await get(`/actualite/sujet-${index}`);
    expect(pageCacheStats().entries).toBe(PAGE_CACHE_MAX_ENTRIES);
    // The first one was the least recently used: gone; the last one is still there.
    await get('/actualite/sujet-0');
    await get(`/actualite/sujet-${PAGE_CACHE_MAX_ENTRIES}`);
    expect(stand.reached.filter((request) => request.url === '/actualite/sujet-0')).toHaveLength(2);
    expect(
      stand.reached.filter((request) => request.url === `/actualite/sujet-${PAGE_CACHE_MAX_ENTRIES}`),
    ).toHaveLength(1);
    // Hundreds of requests: seconds on a loaded machine.
  }, 30_000);
});
