import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerFromPageCache,
  PAGE_CACHE_MAX_ENTRIES,
  PAGE_CACHE_SECONDS,
  pageCacheStats,
  purgePageCache,
  recordForPageCache,
} from './page-cache';

/** What the stand-in for Next.js answers, per test; `compress`: gzip when asked, as Next's own middleware does. */
type Upstream = { status: number; headers: OutgoingHttpHeaders; body: string; compress?: boolean };

const ISR_HEADERS: OutgoingHttpHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 's-maxage=60, stale-while-revalidate=31535940',
  'x-nextjs-cache': 'MISS',
  etag: '"abc"',
  'content-security-policy': "script-src 'self' 'nonce-cache'",
};

let upstream: Upstream;
/** The requests that reached the stand-in, with the accept-encoding it saw. */
let reached: { url: string; acceptEncoding: string | undefined }[];
let server: http.Server;
let base: string;

function next(request: IncomingMessage, response: ServerResponse): void {
  reached.push({ url: request.url ?? '', acceptEncoding: request.headers['accept-encoding'] });
  response.statusCode = upstream.status;
  for (const [name, value] of Object.entries(upstream.headers))
    if (value !== undefined) response.setHeader(name, value);
  if (upstream.compress && request.headers['accept-encoding'] === 'gzip') {
    const gzip = gzipSync(upstream.body);
    response.setHeader('content-encoding', 'gzip');
    response.write(gzip.subarray(0, 10));
    response.end(gzip.subarray(10));
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
    next(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  purgePageCache();
  reached = [];
  upstream = { status: 200, headers: { ...ISR_HEADERS }, body: '<!doctype html><p>Actualité du jour</p>' };
});

/** A GET through node:http, which leaves the body as sent (fetch would decompress it). */
function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
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
    expect(second.response.headers.get('content-security-policy')).toBe(
      ISR_HEADERS['content-security-policy'],
    );
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

  it('asks Next.js for gzip alone when the client accepts it, and keeps both forms of the page', async () => {
    upstream.compress = true;
    const first = await rawGet('/', 'gzip, deflate, br');
    expect(reached[0]?.acceptEncoding).toBe('gzip');
    expect(first.encoding).toBe('gzip');
    expect(gunzipSync(first.body).toString()).toBe(upstream.body);
    const second = await rawGet('/', 'gzip');
    expect(second.encoding).toBe('gzip');
    expect(gunzipSync(second.body).toString()).toBe(upstream.body);
    const identity = await rawGet('/', 'identity');
    expect(identity.encoding).toBeUndefined();
    expect(identity.body.toString()).toBe(upstream.body);
    expect(reached).toHaveLength(1);
  });

  it('asks Next.js for uncompressed bytes when the client refuses gzip, and compresses the stored copy later', async () => {
    upstream.compress = true;
    await rawGet('/', 'br');
    expect(reached[0]?.acceptEncoding).toBeUndefined();
    const raw = await rawGet('/', 'gzip');
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(upstream.body);
    expect(reached).toHaveLength(1);
  });

  it('serves identity bytes to a client that refuses gzip', async () => {
    await get('/');
    const raw = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${base}/`, { headers: { 'accept-encoding': 'gzip;q=0, identity' } }, (response) => {
          response.resume();
          resolve(response.headers['content-encoding']);
        })
        .on('error', reject);
    });
    expect(raw).toBeUndefined();
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
    ['a page rendered per request', '/search?term=impot', {}],
    ['an API call', '/api/article/summary', {}],
    ['an RSC payload by query', '/actualite/fiscal?_rsc=1x2y', {}],
    ['an RSC payload by header', '/actualite/fiscal', { rsc: '1' }],
    ['a prefetch', '/actualite/fiscal', { 'next-router-prefetch': '1' }],
    ['a ranged request', '/actualite/fiscal', { range: 'bytes=0-10' }],
  ])('leaves %s to Next.js', async (_name, path, headers) => {
    await get(path, { headers });
    await get(path, { headers });
    expect(reached).toHaveLength(2);
  });

  it('never answers a POST from the cache', async () => {
    await get('/actualite/fiscal');
    await get('/actualite/fiscal', { method: 'POST', body: 'x' });
    expect(reached).toHaveLength(2);
  });

  it('keeps one entry per path, and per trade on the home page', async () => {
    await get('/?metier=expert-comptable');
    upstream = { ...upstream, body: '<p>Tous les métiers</p>' };
    const all = await get('/');
    const trade = await get('/?metier=expert-comptable');
    expect(all.body.toString()).toBe('<p>Tous les métiers</p>');
    expect(trade.body.toString()).toBe('<!doctype html><p>Actualité du jour</p>');
  });

  it('serves a page whatever its other query parameters: Next.js answers one ISR entry per path', async () => {
    await get('/actualite/fiscal');
    await get('/actualite/fiscal?utm_source=lettre&format=videos');
    await get('/?utm_source=lettre');
    await get('/');
    await get('/?metier=avocat&utm_source=lettre');
    await get('/?metier=avocat');
    expect(reached.map((request) => request.url)).toEqual([
      '/actualite/fiscal',
      '/?utm_source=lettre',
      '/?metier=avocat&utm_source=lettre',
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

  it('drops expired pages as new ones are stored, so pages asked once do not pile up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let index = 0; index < 5; index += 1) await get(`/actualite/sujet-${index}`);
      vi.setSystemTime(Date.now() + PAGE_CACHE_SECONDS * 1000);
      await get('/actualite/fiscal');
      expect(pageCacheStats().entries).toBe(1);
    } finally {
      vi.useRealTimers();
    }
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
  });
});
