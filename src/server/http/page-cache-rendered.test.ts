import http, { type OutgoingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  get,
  ISR_HEADERS,
  rawGet,
  servePageCacheBeforeStandIn,
  stand,
} from '../../../tests/support/page-cache-stand-in';
import { SESSION_COOKIE } from '../accounts/sessions';
import {
  PAGE_CACHE_SECONDS,
  PAGE_CACHE_STALE_SECONDS,
  pageCacheStats,
  RENDERED_PAGE_CACHE_MAX_ENTRIES,
  SHARED_PAGE_CACHE_SECONDS,
} from './page-cache-store';

servePageCacheBeforeStandIn();

describe('page cache for pages rendered per request (search, agenda)', () => {
  const STORED_NONCE = 'QUJDREVGR0hJSktMTU5PUA==';
  const RENDERED_HEADERS: OutgoingHttpHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    etag: '"rendered"',
    'content-security-policy': `default-src 'self'; script-src 'self' 'nonce-${STORED_NONCE}'`,
  };
  const RENDERED_BODY =
    `<!doctype html><script nonce="${STORED_NONCE}" src="/a.js"></script><h1>Résultats pour « impôt »</h1>` +
    `<script nonce="${STORED_NONCE}">self.__next_f.push([1,"{\\"nonce\\":\\"${STORED_NONCE}\\"}"])</script>`;

  beforeEach(() => {
    stand.upstream = { status: 200, headers: { ...RENDERED_HEADERS }, body: RENDERED_BODY };
  });

  const nonceOf = (response: Response) =>
    /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

  it('answers the same URL again without Next.js, with a fresh nonce in the policy and at every place of the body', async () => {
    const first = await get('/search?term=imp%C3%B4t');
    const second = await get('/search?term=imp%C3%B4t');
    const third = await get('/search?term=imp%C3%B4t');
    expect(stand.reached).toHaveLength(1);
    const nonces = [nonceOf(first.response), nonceOf(second.response), nonceOf(third.response)];
    expect(new Set([STORED_NONCE, ...nonces]).size).toBe(4);
    for (const [index, answer] of [first, second, third].entries()) {
      const nonce = nonces[index] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(answer.body.toString()).not.toContain(STORED_NONCE);
      expect(answer.body.toString()).toBe(RENDERED_BODY.replaceAll(STORED_NONCE, nonce));
      expect(answer.response.headers.get('etag')).toBeNull();
      expect(answer.response.headers.get('cache-control')).toBe(RENDERED_HEADERS['cache-control']);
    }
    const head = await get('/search?term=imp%C3%B4t', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(head.response.headers.get('content-length')).toBe(String(Buffer.byteLength(RENDERED_BODY)));
    expect(head.body.length).toBe(0);
  });

  it('keeps an anonymous search page as long as an ISR page, the agenda a few seconds (decision 055)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await get('/search?term=bail');
      await get('/agenda?mois=2026-12');
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/search?term=bail');
      await get('/agenda?mois=2026-12');
      expect(stand.reached.map((request) => request.url)).toEqual([
        '/search?term=bail',
        '/agenda?mois=2026-12',
        '/agenda?mois=2026-12',
      ]);
      // Past its own life and stale window, the search page is asked again.
      vi.setSystemTime(Date.now() + (SHARED_PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000);
      await get('/search?term=bail');
      expect(stand.reached.at(-1)?.url).toBe('/search?term=bail');
      expect(stand.reached).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys by the whole URL: another query string is another page', async () => {
    await get('/search?term=tva');
    await get('/search?term=tva&page=2');
    await get('/agenda?mois=2026-12');
    await get('/search?term=tva');
    expect(stand.reached.map((request) => request.url)).toEqual([
      '/search?term=tva',
      '/search?term=tva&page=2',
      '/agenda?mois=2026-12',
    ]);
  });

  it('compresses the renewed bytes for clients that accept gzip, also when Next.js sent the render gzipped', async () => {
    stand.upstream.compress = true;
    await rawGet('/agenda', { 'accept-encoding': 'gzip' });
    const raw = await rawGet('/agenda', { 'accept-encoding': 'gzip' });
    const nonce = /'nonce-([^']+)'/.exec(String(raw.headers['content-security-policy']))?.[1] ?? '';
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(RENDERED_BODY.replaceAll(STORED_NONCE, nonce));
    expect(stand.reached).toHaveLength(1);
  });

  it.each([
    [
      'a page whose policy has no nonce',
      { headers: { ...RENDERED_HEADERS, 'content-security-policy': "script-src 'self'" } },
    ],
    ['a page whose nonce is not in its body', { body: '<!doctype html><h1>Recherche</h1>' }],
    ['an answer setting a cookie', { headers: { ...RENDERED_HEADERS, 'set-cookie': 'session=x' } }],
    ['an error status', { status: 500 }],
  ])('does not keep %s', async (_name, change) => {
    stand.upstream = { ...stand.upstream, ...change };
    await get('/search?term=tva');
    await get('/search?term=tva');
    expect(stand.reached).toHaveLength(2);
    expect(pageCacheStats().entries).toBe(0);
  });

  /** The answer's first header name and its X-Accel-Expires, for a request with these headers. */
  function edgeMark(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ first: string | undefined; expires: string | undefined }>((resolve, reject) => {
      http
        .get(`${stand.base}${path}`, { headers }, (response) => {
          response.resume();
          const expires = response.headers['x-accel-expires'];
          response.on('end', () =>
            resolve({
              first: response.rawHeaders[0]?.toLowerCase(),
              expires: typeof expires === 'string' ? expires : undefined,
            }),
          );
        })
        .on('error', reject);
    });
  }

  it('tells nginx to keep the search page of a reader without a session as long as its own copy (decision 048)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const rendered = await edgeMark('/search?term=bail');
      expect(rendered).toEqual({ first: 'x-accel-expires', expires: String(SHARED_PAGE_CACHE_SECONDS) });
      vi.setSystemTime(Date.now() + 7_500);
      expect(await edgeMark('/search?term=bail')).toEqual({
        first: 'x-accel-expires',
        expires: String(SHARED_PAGE_CACHE_SECONDS - 7),
      });
      expect(stand.reached).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['a search with a session', '/search?term=loyer', { cookie: `${SESSION_COOKIE}=abc` }, {}],
    ['a refused search', '/search?term=loyer', {}, { status: 429 }],
    [
      'a search setting a cookie',
      '/search?term=loyer',
      {},
      { headers: { ...RENDERED_HEADERS, 'set-cookie': 'x=1' } },
    ],
    ['the agenda', '/agenda', {}, {}],
  ])('never tells nginx to keep %s', async (_name, path, headers, change) => {
    stand.upstream = { ...stand.upstream, ...change };
    expect((await edgeMark(path, headers)).expires).toBeUndefined();
  });

  it('has bounds of its own: endless searches never evict the news pages', async () => {
    // Rendered now (MISS): kept for ISR's minute, not the few seconds the requests below take on a loaded machine.
    stand.upstream = {
      status: 200,
      headers: { ...ISR_HEADERS, 'x-nextjs-cache': 'MISS' },
      body: '<p>Fiscal</p>',
    };
    await get('/actualite/fiscal');
    stand.upstream = { status: 200, headers: { ...RENDERED_HEADERS }, body: RENDERED_BODY };
    for (let index = 0; index <= RENDERED_PAGE_CACHE_MAX_ENTRIES; index += 1)
      await get(`/search?term=mot${index}`);
    expect(pageCacheStats().entries).toBe(1 + RENDERED_PAGE_CACHE_MAX_ENTRIES);
    await get('/actualite/fiscal');
    expect(stand.reached.filter((request) => request.url === '/actualite/fiscal')).toHaveLength(1);
    // Hundreds of requests: seconds on a loaded machine.
  }, 30_000);
});
