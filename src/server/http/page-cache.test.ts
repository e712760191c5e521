import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../accounts/sessions';
import {
  answerFromPageCache,
  ISR_PAGE_CACHE_SECONDS,
  PAGE_CACHE_MAX_ENTRIES,
  PAGE_CACHE_SECONDS,
  PAGE_CACHE_STALE_SECONDS,
  pageCacheStats,
  purgePageCache,
  RENDERED_PAGE_CACHE_MAX_ENTRIES,
  recordForPageCache,
  SHARED_PAGE_CACHE_SECONDS,
  SHARED_READ_CACHE_MAX_ENTRIES,
} from './page-cache';

/** What the stand-in for Next.js answers, per test. */
/** What the stand-in for Next.js answers, per test; `compress`: gzip when asked, as Next's own middleware does. */
type Upstream = { status: number; headers: OutgoingHttpHeaders; body: string; compress?: boolean };

/** The build's cache nonce a cached page is rendered with (src/proxy.ts): as long as a fresh nonce. */
const CACHE_NONCE = 'Q0FDSEVOT05DRTAxMjM0NQ==';
const ISR_HEADERS: OutgoingHttpHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 's-maxage=60, stale-while-revalidate=31535940',
  // A copy of unknown age (the server's first look at it): kept PAGE_CACHE_SECONDS; the tests of ISR_PAGE_CACHE_SECONDS
  // below answer MISS and STALE.
  'x-nextjs-cache': 'HIT',
  etag: '"abc"',
  'content-security-policy': `script-src 'self' 'nonce-${CACHE_NONCE}'`,
};

let upstream: Upstream;
/** The requests that reached the stand-in, with the accept-encoding it saw. */
let reached: { url: string; acceptEncoding: string | undefined }[];
let server: http.Server;
let base: string;

/** When set, the stand-in waits for it before answering (a render in progress). */
let holdNext: Promise<void> | undefined;

/** Waits (up to 2 s) for something a background request does. */
async function waitFor(condition: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout: 2000, interval: 5 });
}

async function next(request: IncomingMessage, response: ServerResponse): Promise<void> {
  reached.push({ url: request.url ?? '', acceptEncoding: request.headers['accept-encoding'] });
  if (holdNext) await holdNext;
  response.statusCode = upstream.status;
  for (const [name, value] of Object.entries(upstream.headers))
    if (value !== undefined) response.setHeader(name, value);
  if (upstream.compress && request.headers['accept-encoding'] === 'gzip') {
    const compressed = gzipSync(upstream.body);
    response.setHeader('content-encoding', 'gzip');
    response.write(compressed.subarray(0, 10));
    response.end(compressed.subarray(10));
    return;
  }
  // Written in two chunks, as a streamed render would be.
  const middle = Math.floor(upstream.body.length / 2);
  response.write(upstream.body.slice(0, middle));
  response.end(upstream.body.slice(middle));
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (answerFromPageCache(request, response)) return;
    recordForPageCache(request, response);
    void next(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  vi.restoreAllMocks();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  purgePageCache();
  // No spread of the long lives (PAGE_CACHE_SPREAD_SECONDS) but in its own test: the lives below are exact.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  reached = [];
  upstream = { status: 200, headers: { ...ISR_HEADERS }, body: '<!doctype html><p>Actualité du jour</p>' };
});

/** A GET through node:http, which (unlike fetch) hands over the body as sent, compressed or not. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('page cache in front of Next.js', () => {
  it('answers the second request of a shareable page without Next.js, with the same bytes and headers', async () => {
    const first = await get('/actualite/fiscal');
    const second = await get('/actualite/fiscal', { headers: { 'x-request-id': 'proxy-given-id-1' } });
    expect(reached).toHaveLength(1);
    expect(second.body.toString()).toBe(upstream.body);
    expect(second.body.toString()).toBe(first.body.toString());
    // Each answer gets a nonce of its own (the first one, Next's, included): never the build's cache nonce.
    const policies = [first, second].map((answer) => answer.response.headers.get('content-security-policy'));
    expect(new Set(policies).size).toBe(2);
    for (const policy of policies) expect(policy).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(policies.join()).not.toContain(CACHE_NONCE);
    expect(second.response.headers.get('cache-control')).toBe(ISR_HEADERS['cache-control']);
    expect(second.response.headers.get('x-nextjs-cache')).toBe('HIT');
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
    upstream.compress = true;
    const first = await rawGet('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(reached[0]?.acceptEncoding).toBeUndefined();
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.body).toString()).toBe(upstream.body);
    const second = await rawGet('/', { 'accept-encoding': 'gzip' });
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(second.body).toString()).toBe(upstream.body);
    const identity = await rawGet('/', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(upstream.body);
    expect(reached).toHaveLength(1);
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
    expect(head.response.headers.get('content-length')).toBe(String(Buffer.byteLength(upstream.body)));
    expect(head.body.length).toBe(0);
    expect(reached).toHaveLength(1);
  });

  it.each([
    ['an error status', { status: 404 }],
    ['a private page', { headers: { ...ISR_HEADERS, 'cache-control': 'private, no-cache, no-store' } }],
    ['a page without s-maxage', { headers: { ...ISR_HEADERS, 'cache-control': 'public, max-age=60' } }],
    ['an answer setting a cookie', { headers: { ...ISR_HEADERS, 'set-cookie': 'session=x' } }],
    ['a non-HTML answer', { headers: { ...ISR_HEADERS, 'content-type': 'text/x-component' } }],
  ])('does not keep %s', async (_name, change) => {
    upstream = { ...upstream, ...change };
    await get('/actualite/social');
    await get('/actualite/social');
    expect(reached).toHaveLength(2);
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
    expect(reached).toHaveLength(2);
  });

  it('never keeps a newsroom page or an Admin API answer', async () => {
    for (const path of ['/redaction', '/redaction/articles', '/api/admin/articles']) {
      await get(path);
      await get(path);
    }
    expect(reached).toHaveLength(6);
    expect(pageCacheStats().entries).toBe(0);
  });

  it('never answers a POST from the cache', async () => {
    await get('/actualite/fiscal');
    await get('/actualite/fiscal', { method: 'POST', body: 'x' });
    expect(reached).toHaveLength(2);
  });

  it('keeps one entry per path, and per trade on the home page', async () => {
    await get('/?metier=fiscal');
    upstream = { ...upstream, body: '<p>Tous les métiers</p>' };
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
    expect(reached.map((request) => request.url)).toEqual(['/']);
    expect(pageCacheStats().entries).toBe(1);
  });

  it('serves a page whatever its other query parameters: Next.js answers one ISR entry per path', async () => {
    await get('/actualite/fiscal');
    await get('/actualite/fiscal?utm_source=lettre&format=inconnu&metier=toString');
    await get('/?utm_source=lettre');
    await get('/');
    await get('/?metier=social&utm_source=lettre');
    await get('/?metier=social');
    expect(reached.map((request) => request.url)).toEqual([
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
    expect(reached.map((request) => request.url)).toEqual([
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
      expect(reached).toHaveLength(1);
      vi.setSystemTime(Date.now() + 2000);
      await get('/actualite/fiscal');
      expect(reached).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves a page Next.js just rendered (MISS) until its ISR copy would turn stale, then asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      upstream.headers['x-nextjs-cache'] = 'MISS';
      await get('/actualite/fiscal');
      vi.setSystemTime(Date.now() + (ISR_PAGE_CACHE_SECONDS - 1) * 1000);
      const kept = await get('/actualite/fiscal');
      expect(kept.response.headers.get('x-nextjs-cache')).toBe('HIT');
      expect(reached).toHaveLength(1);
      // Next's copy is now as old as ISR's life: the next answer comes from a refresh (served stale meanwhile).
      upstream.headers['x-nextjs-cache'] = 'STALE';
      vi.setSystemTime(Date.now() + 2000);
      await get('/actualite/fiscal');
      await waitFor(() => reached.length === 2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a STALE copy PAGE_CACHE_SECONDS only, then the fresh render until its own ISR life ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      upstream.headers['x-nextjs-cache'] = 'STALE';
      await get('/actualite/social');
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      // Next rendered it again when it answered STALE: this HIT is that render, as old as that answer.
      upstream.headers['x-nextjs-cache'] = 'HIT';
      await get('/actualite/social');
      expect(reached).toHaveLength(2);
      vi.setSystemTime(
        Date.now() + (ISR_PAGE_CACHE_SECONDS - PAGE_CACHE_SECONDS - PAGE_CACHE_STALE_SECONDS - 2) * 1000,
      );
      await get('/actualite/social');
      expect(reached).toHaveLength(2);
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS + 3) * 1000);
      await get('/actualite/social');
      expect(reached).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets what it knew of Next’s renders on purge: a HIT after a content change is kept briefly', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      upstream.headers['x-nextjs-cache'] = 'MISS';
      await get('/actualite/comptable');
      purgePageCache();
      upstream.headers['x-nextjs-cache'] = 'HIT';
      await get('/actualite/comptable');
      expect(reached).toHaveLength(2);
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/actualite/comptable');
      expect(reached).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps shared reads SHARED_PAGE_CACHE_SECONDS whatever Next.js says of its cache', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      upstream = {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-nextjs-cache': 'MISS' },
        body: '{"news":[]}',
      };
      await get('/api/issue');
      // Past the short life of other entries, still this copy (decision 055).
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/api/issue');
      expect(reached).toHaveLength(1);
      vi.setSystemTime(Date.now() + (SHARED_PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/api/issue');
      expect(reached).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds a random share of PAGE_CACHE_SPREAD_SECONDS (30) to the long lives, so copies made together expire apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Half of the spread: 15 s more than ISR's minute for a page, and for a shared read.
      vi.spyOn(Math, 'random').mockReturnValue(0.5);
      upstream.headers['x-nextjs-cache'] = 'MISS';
      await get('/actualite/fiscal');
      upstream = {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-nextjs-cache': 'MISS' },
        body: '{"news":[]}',
      };
      await get('/api/issue');
      expect(reached).toHaveLength(2);
      vi.setSystemTime(Date.now() + (ISR_PAGE_CACHE_SECONDS + 14) * 1000);
      await get('/actualite/fiscal');
      await get('/api/issue');
      expect(reached).toHaveLength(2);
      vi.setSystemTime(Date.now() + 2000);
      await get('/actualite/fiscal');
      await get('/api/issue');
      // Both served stale, each refreshed by one background request.
      await waitFor(() => reached.length === 4);
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
      upstream = { ...upstream, body: '<p>Version suivante</p>' };
      // The stand-in answers the refresh only once released: it is still rendering while readers ask.
      let release: () => void = () => {};
      holdNext = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = await get('/actualite/fiscal');
      await waitFor(() => reached.length === 2);
      const meanwhile = await get('/actualite/fiscal');
      for (const answer of [first, meanwhile]) {
        expect(answer.body.toString()).toBe('<!doctype html><p>Actualité du jour</p>');
      }
      expect(reached).toHaveLength(2);
      const storedBefore = pageCacheStats().stores;
      release();
      await waitFor(() => pageCacheStats().stores > storedBefore);
      expect((await get('/actualite/fiscal')).body.toString()).toBe('<p>Version suivante</p>');
      expect(reached).toHaveLength(2);
      // Past the stale window, a page is asked again before answering.
      vi.setSystemTime(Date.now() + (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 + 1);
      await get('/actualite/fiscal');
      expect(reached).toHaveLength(3);
    } finally {
      holdNext = undefined;
      vi.useRealTimers();
    }
  });

  it('refuses the refresh mark from anyone but the server itself', async () => {
    await get('/actualite/fiscal');
    await get('/actualite/fiscal', { headers: { 'x-page-cache-refresh': 'devine' } });
    expect(reached).toHaveLength(1);
  });

  it('forgets everything on purge', async () => {
    await get('/actualite/fiscal');
    purgePageCache();
    await get('/actualite/fiscal');
    expect(reached).toHaveLength(2);
  });

  it('evicts the least recently used pages beyond its entry bound', async () => {
    for (let index = 0; index <= PAGE_CACHE_MAX_ENTRIES; index += 1) await get(`/actualite/sujet-${index}`);
    expect(pageCacheStats().entries).toBe(PAGE_CACHE_MAX_ENTRIES);
    // The first one was the least recently used: gone; the last one is still there.
    await get('/actualite/sujet-0');
    await get(`/actualite/sujet-${PAGE_CACHE_MAX_ENTRIES}`);
    expect(reached.filter((request) => request.url === '/actualite/sujet-0')).toHaveLength(2);
    expect(
      reached.filter((request) => request.url === `/actualite/sujet-${PAGE_CACHE_MAX_ENTRIES}`),
    ).toHaveLength(1);
    // Hundreds of requests: seconds on a loaded machine.
  }, 30_000);
});

describe('a nonce of its own for every answer of a cached page, without nginx', () => {
  const PAGE =
    `<!doctype html><script nonce="${CACHE_NONCE}" src="/a.js"></script><h1>Actualité</h1>` +
    `<script nonce="${CACHE_NONCE}">self.__next_f.push([1,"{\\"nonce\\":\\"${CACHE_NONCE}\\"}"])</script>` +
    '<p>'.padEnd(5_000, 'x');
  const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy ?? ''))?.[1] ?? '';

  beforeEach(() => {
    upstream = { status: 200, headers: { ...ISR_HEADERS }, body: PAGE };
  });

  it('renews the nonce in the policy and at every place of the body, for the visitor filling the entry too', async () => {
    const answers = [
      await rawGet('/actualite/fiscal', { 'accept-encoding': 'gzip' }),
      await rawGet('/actualite/fiscal', { 'accept-encoding': 'gzip' }),
      await rawGet('/actualite/fiscal', { 'accept-encoding': 'identity' }),
      await rawGet('/actualite/fiscal', {}),
    ];
    expect(reached).toHaveLength(1);
    const nonces = answers.map((answer) => nonceOf(answer.headers['content-security-policy']));
    expect(new Set([CACHE_NONCE, ...nonces]).size).toBe(answers.length + 1);
    for (const [index, answer] of answers.entries()) {
      const nonce = nonces[index] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const gzipped = answer.headers['content-encoding'] === 'gzip';
      expect(gzipped).toBe(index < 2);
      const body = (gzipped ? gunzipSync(answer.body) : answer.body).toString();
      expect(body).toBe(PAGE.replaceAll(CACHE_NONCE, nonce));
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    // The pieces compressed once make a page about as small as compressing it whole.
    expect(answers[1]?.body.length).toBeLessThan(gzipSync(PAGE).length + 400);
  });

  it('answers 304 without a policy, so the browser keeps the one matching its copy', async () => {
    await get('/actualite/fiscal');
    const fromCache = await get('/actualite/fiscal', { headers: { 'if-none-match': '"abc"' } });
    expect(fromCache.response.status).toBe(304);
    expect(fromCache.response.headers.get('content-security-policy')).toBeNull();
    upstream = { status: 304, headers: { ...ISR_HEADERS }, body: '' };
    purgePageCache();
    const fromNext = await get('/actualite/fiscal', { headers: { 'if-none-match': '"abc"' } });
    expect(fromNext.response.status).toBe(304);
    expect(fromNext.response.headers.get('content-security-policy')).toBeNull();
  });

  it('renews it in a page that is not kept too (a not-found page under a cached path)', async () => {
    upstream = { status: 404, headers: { ...ISR_HEADERS }, body: PAGE };
    for (const encoding of ['gzip', 'identity']) {
      const answer = await rawGet('/actualite/inconnu_123', { 'accept-encoding': encoding });
      const nonce = nonceOf(answer.headers['content-security-policy']);
      expect(nonce).not.toBe(CACHE_NONCE);
      const body = encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
      expect(body.toString()).toBe(PAGE.replaceAll(CACHE_NONCE, nonce));
    }
    expect(pageCacheStats().entries).toBe(0);
  });
});

describe('the framework scripts after the largest paint, in every reader page held back (decision 068)', () => {
  const chunk = (name: string, nonce: string) =>
    `<script src="/_next/static/chunks/${name}.js" async="" nonce="${nonce}"></script>`;
  const pageWith = (nonce: string) =>
    `<!doctype html><html><head>${chunk('main', nonce)}</head><body><h1>Actualité</h1></body></html>`;
  const loaderNonce = (body: string) =>
    /<script nonce="([^"]+)">\(function\(\)\{\s*var sources=/.exec(body)?.[1];

  it.each([
    ['an ISR page', '/actualite/fiscal', ISR_HEADERS, CACHE_NONCE],
    [
      'a search page',
      '/search?term=bail',
      {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
        'content-security-policy': "script-src 'self' 'nonce-QUJDREVGR0hJSktMTU5PUA=='",
      },
      'QUJDREVGR0hJSktMTU5PUA==',
    ],
  ])(
    "moves them into the loader of %s, whose nonce is the answer's own",
    async (_name, path, headers, nonce) => {
      upstream = { status: 200, headers: { ...headers }, body: pageWith(nonce) };
      for (const encoding of ['gzip', 'identity']) {
        const answer = await rawGet(path, { 'accept-encoding': encoding });
        const body = (encoding === 'gzip' ? gunzipSync(answer.body) : answer.body).toString();
        const fresh = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
        expect(body).not.toContain('<script src=');
        expect(body).toContain('var sources=["/_next/static/chunks/main.js"]');
        expect(loaderNonce(body)).toBe(fresh);
        expect(fresh).not.toBe(nonce);
      }
      expect(reached).toHaveLength(1);
    },
  );

  it('leaves an error page as Next.js wrote it, but for its nonce', async () => {
    upstream = { status: 500, headers: { ...ISR_HEADERS }, body: pageWith(CACHE_NONCE) };
    const answer = await get('/actualite/fiscal');
    const fresh =
      /'nonce-([^']+)'/.exec(answer.response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(answer.body.toString()).toBe(pageWith(fresh));
  });
});

describe('no entry for query values a page does not use', () => {
  const RENDERED = "script-src 'self' 'nonce-QUJDREVGR0hJSktMTU5PUA=='";
  beforeEach(() => {
    upstream = {
      status: 200,
      headers: { ...ISR_HEADERS, 'cache-control': 'private, no-store', 'content-security-policy': RENDERED },
      body: '<script nonce="QUJDREVGR0hJSktMTU5PUA=="></script>',
    };
  });

  it.each([
    ['an unknown parameter', '/search?term=tva&utm_source=x'],
    ['an invalid page', '/search?term=tva&page=abc'],
    ['a page out of range', '/search?term=tva&page=0'],
    ['an unknown collection', '/search?term=tva&urType=zz123'],
    ['facets that are not a selection', '/search?term=tva&zapette=zz123'],
    ['a repeated parameter', '/search?term=tva&term=tvb'],
    ['a term longer than a search reads', `/search?term=${'a'.repeat(201)}`],
    ['an invalid agenda month', '/agenda?date=zz123'],
    ['an unknown agenda parameter', '/agenda?mois=2026-12'],
  ])('keeps no page rendered per request for %s', async (_name, url) => {
    await get(url);
    await get(url);
    expect(reached).toHaveLength(2);
    expect(pageCacheStats().entries).toBe(0);
  });

  it('keeps pages rendered per request whose parameters the page reads, with values it accepts', async () => {
    for (const url of [
      '/search?term=tva&page=2&urType=tous',
      '/search?terme=imp%C3%B4t',
      '/agenda?date=12-2026&page=1',
      '/agenda?date=2026-12',
    ]) {
      await get(url);
      await get(url);
    }
    expect(reached).toHaveLength(4);
  });

  it('keys an API read by what the route reads: unknown parameters share its entry, refused queries get none', async () => {
    upstream = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"news":[]}' };
    await get('/api/article/summary?limit=20');
    await get('/api/article/summary?limit=20&zz=1');
    await get('/api/article/summary?zz=2&limit=20');
    await get('/api/issue?random=zz123');
    await get('/api/issue');
    await get('/api/search/suggest?term=tva&x=1');
    await get('/api/search/suggest?term=tva');
    await get('/api/article/single?newsId=A1&x=1');
    await get('/api/article/single?newsId=A1');
    expect(reached.map((request) => request.url)).toEqual([
      '/api/article/summary?limit=20',
      '/api/issue?random=zz123',
      '/api/search/suggest?term=tva&x=1',
      '/api/article/single?newsId=A1&x=1',
    ]);
    await get('/api/article/summary?limit=abc');
    await get('/api/article/summary?limit=abc');
    await get('/api/article/single?newsId=%3Cscript%3E');
    await get('/api/article/single?newsId=%3Cscript%3E');
    expect(reached).toHaveLength(8);
  });
});

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
    upstream = { status: 200, headers: { ...RENDERED_HEADERS }, body: RENDERED_BODY };
  });

  const nonceOf = (response: Response) =>
    /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

  it('answers the same URL again without Next.js, with a fresh nonce in the policy and at every place of the body', async () => {
    const first = await get('/search?term=imp%C3%B4t');
    const second = await get('/search?term=imp%C3%B4t');
    const third = await get('/search?term=imp%C3%B4t');
    expect(reached).toHaveLength(1);
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
      expect(reached.map((request) => request.url)).toEqual([
        '/search?term=bail',
        '/agenda?mois=2026-12',
        '/agenda?mois=2026-12',
      ]);
      // Past its own life and stale window, the search page is asked again.
      vi.setSystemTime(Date.now() + (SHARED_PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000);
      await get('/search?term=bail');
      expect(reached.at(-1)?.url).toBe('/search?term=bail');
      expect(reached).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys by the whole URL: another query string is another page', async () => {
    await get('/search?term=tva');
    await get('/search?term=tva&page=2');
    await get('/agenda?mois=2026-12');
    await get('/search?term=tva');
    expect(reached.map((request) => request.url)).toEqual([
      '/search?term=tva',
      '/search?term=tva&page=2',
      '/agenda?mois=2026-12',
    ]);
  });

  it('compresses the renewed bytes for clients that accept gzip, also when Next.js sent the render gzipped', async () => {
    upstream.compress = true;
    await rawGet('/agenda', { 'accept-encoding': 'gzip' });
    const raw = await rawGet('/agenda', { 'accept-encoding': 'gzip' });
    const nonce = /'nonce-([^']+)'/.exec(String(raw.headers['content-security-policy']))?.[1] ?? '';
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(RENDERED_BODY.replaceAll(STORED_NONCE, nonce));
    expect(reached).toHaveLength(1);
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
    upstream = { ...upstream, ...change };
    await get('/search?term=tva');
    await get('/search?term=tva');
    expect(reached).toHaveLength(2);
    expect(pageCacheStats().entries).toBe(0);
  });

  /** The answer's first header name and its X-Accel-Expires, for a request with these headers. */
  function edgeMark(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ first: string | undefined; expires: string | undefined }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (response) => {
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
      expect(reached).toHaveLength(1);
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
    upstream = { ...upstream, ...change };
    expect((await edgeMark(path, headers)).expires).toBeUndefined();
  });

  it('has bounds of its own: endless searches never evict the news pages', async () => {
    upstream = { status: 200, headers: { ...ISR_HEADERS }, body: '<p>Fiscal</p>' };
    await get('/actualite/fiscal');
    upstream = { status: 200, headers: { ...RENDERED_HEADERS }, body: RENDERED_BODY };
    for (let index = 0; index <= RENDERED_PAGE_CACHE_MAX_ENTRIES; index += 1)
      await get(`/search?term=mot${index}`);
    expect(pageCacheStats().entries).toBe(1 + RENDERED_PAGE_CACHE_MAX_ENTRIES);
    await get('/actualite/fiscal');
    expect(reached.filter((request) => request.url === '/actualite/fiscal')).toHaveLength(1);
    // Hundreds of requests: seconds on a loaded machine.
  }, 30_000);
});

describe('page cache for the public API reads', () => {
  const JSON_HEADERS: OutgoingHttpHeaders = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-cache, no-store, must-revalidate, max-age=0',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  const LIST = JSON.stringify({ news: [{ id: '1', title: 'Taux de TVA' }] });

  beforeEach(() => {
    upstream = { status: 200, headers: { ...JSON_HEADERS }, body: LIST };
  });

  it('answers the same URL again without Next.js, with the same bytes and headers', async () => {
    await get('/api/article/summary?limit=20');
    const second = await get('/api/article/summary?limit=20', { headers: { 'x-request-id': 'given-id-2' } });
    await get('/api/issue');
    await get('/api/issue');
    await get('/api/search/suggest?term=tva');
    await get('/api/search/suggest?term=tvb');
    expect(reached.map((request) => request.url)).toEqual([
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
        .get(`${base}${path}`, (response) => {
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
      upstream.headers = { ...JSON_HEADERS, expires: '0', pragma: 'no-cache' };
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
      expect(reached.length).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['an error', { status: 400 }],
    ['an answer that is not JSON', { headers: { ...JSON_HEADERS, 'content-type': 'text/html' } }],
    ['an answer setting a cookie', { headers: { ...JSON_HEADERS, 'set-cookie': 'x=1' } }],
  ])('never tells nginx to keep %s', async (_name, change) => {
    upstream = { ...upstream, ...change };
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
    expect(reached.map((request) => request.url)).toEqual(['/api/article/single?newsId=A1']);
    // A session (cookie, Bearer token, or the token the original API passes in the query) may unlock the article:
    // such a read neither comes from the anonymous copy nor replaces it, and nginx is told nothing.
    const sessions: [string, RequestInit][] = [
      ['/api/article/single?newsId=A1', { headers: { cookie: `${SESSION_COOKIE}=jeton` } }],
      ['/api/article/single?newsId=A1', { headers: { authorization: 'Bearer jeton' } }],
      ['/api/article/single?newsId=A1&eshopCookie=jeton', {}],
    ];
    for (const [path, init] of sessions) {
      upstream = { ...upstream, body: JSON.stringify({ article: { id: 'A1', body: 'texte complet' } }) };
      const { body } = await get(path, init);
      expect(body.toString()).toContain('texte complet');
    }
    expect(reached).toHaveLength(4);
    expect((await edgeHeaders('/api/article/single?newsId=A1&eshopCookie=jeton')).expires).toBeUndefined();
    const again = await get('/api/article/single?newsId=A1');
    expect(again.body.toString()).toBe(LIST);
    expect(reached).toHaveLength(5);
  });

  it.each([
    ['an error', { status: 400, body: '{"message":"limit invalide"}' }],
    ['a rate-limited answer', { status: 429 }],
    ['an answer that is not JSON', { headers: { ...JSON_HEADERS, 'content-type': 'text/html' } }],
    ['an answer setting a cookie', { headers: { ...JSON_HEADERS, 'set-cookie': 'x=1' } }],
  ])('does not keep %s', async (_name, change) => {
    upstream = { ...upstream, ...change };
    await get('/api/issue');
    await get('/api/issue');
    expect(reached).toHaveLength(2);
  });

  it('has bounds of its own: endless suggestion prefixes never evict the news pages', async () => {
    upstream = { status: 200, headers: { ...ISR_HEADERS }, body: '<p>Social</p>' };
    await get('/actualite/social');
    upstream = { status: 200, headers: { ...JSON_HEADERS }, body: LIST };
    for (let index = 0; index <= SHARED_READ_CACHE_MAX_ENTRIES; index += 1)
      await get(`/api/search/suggest?term=m${index}`);
    expect(pageCacheStats().entries).toBe(1 + SHARED_READ_CACHE_MAX_ENTRIES);
    await get('/actualite/social');
    expect(reached.filter((request) => request.url === '/actualite/social')).toHaveLength(1);
    // Hundreds of requests: seconds on a loaded machine.
  }, 30_000);
});
