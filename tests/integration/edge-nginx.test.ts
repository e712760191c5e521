// deploy/nginx.conf as shipped, in front of two stand-in app instances (plain Node servers answering like the app
// does): what it shares and what it must not hold back. Needs Debian's nginx (.ci/run installs it); no database.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CACHE_HEADERS } from '@/server/http/responses';
import { ANONYMOUS_READ_PATHS, SHARED_READ_PATHS } from '@/server/http/route-table';
import { findFreePort } from '../support/free-port';
import { type Nginx, startNginx } from '../support/nginx';
import { waitUntil } from '../support/wait-until';

/** How long a stand-in instance takes to answer: long enough for nginx's 500 ms lock checks to show. */
const ANSWER_MS = 300;
/** How long the stand-in lets nginx keep a shared read, as the app does (src/server/http/page-cache.ts). */
const EDGE_SECONDS = 2;
/** The nonce of the stand-in's search pages (the app's is fresh per answer; nginx writes its own over it). */
const SEARCH_NONCE = 'c2VhcmNoLW5vbmNlLTAx';

type Upstream = {
  servers: http.Server[];
  inFlight: number;
  maxInFlight: number;
  seen: string[];
  /** The port of an instance that stops: it closes the connection of each search before any byte (decision 046). */
  handingOver?: number;
  /** The port that answered each request, by URL. */
  answeredBy: Map<string, number[]>;
  /** The X-Forwarded-For nginx sent with each request, by URL: the client address the app counts. */
  forwardedFor: Map<string, string>;
};

/** Two listening servers sharing one handler and one count of requests in flight (the two app instances). */
async function startUpstream(): Promise<Upstream> {
  const upstream: Upstream = {
    servers: [],
    inFlight: 0,
    maxInFlight: 0,
    seen: [],
    answeredBy: new Map(),
    forwardedFor: new Map(),
  };
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    upstream.seen.push(request.url ?? '');
    upstream.forwardedFor.set(request.url ?? '', String(request.headers['x-forwarded-for'] ?? ''));
    const port = request.socket.localPort ?? 0;
    if (port === upstream.handingOver && request.url?.startsWith('/search')) {
      request.socket.destroy();
      return;
    }
    upstream.answeredBy.set(request.url ?? '', [...(upstream.answeredBy.get(request.url ?? '') ?? []), port]);
    upstream.inFlight += 1;
    upstream.maxInFlight = Math.max(upstream.maxInFlight, upstream.inFlight);
    setTimeout(() => {
      upstream.inFlight -= 1;
      const url = request.url ?? '';
      if (url.startsWith('/actualite')) {
        // A cached page as the app answers it: shareable for 60 s, with its nonce.
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 's-maxage=60, stale-while-revalidate=31535940',
          'content-security-policy': "script-src 'self' 'nonce-Y2FjaGVkLW5vbmNl'",
        });
        response.end('<!doctype html><html lang="fr"><script nonce="Y2FjaGVkLW5vbmNl"></script></html>');
        return;
      }
      if (url.startsWith('/search')) {
        if (url.includes('refus=1')) {
          // The search rate limit's refusal: never marked (src/server/observability/http-server.ts).
          response.writeHead(429, {
            'content-type': 'text/html; charset=utf-8',
            'retry-after': '2',
            'cache-control': 'no-store',
          });
          response.end('<!doctype html><html lang="fr"><p>Trop de recherches</p></html>');
          return;
        }
        // A search page as the app renders it for a reader without a session: marked for nginx (decision 048),
        // no-store for browsers, with its nonce. With a session the app marks nothing.
        const anonymous = !request.headers.cookie?.includes('quotidienne_session=');
        response.writeHead(200, {
          ...(anonymous ? { 'x-accel-expires': String(EDGE_SECONDS) } : {}),
          'content-type': 'text/html; charset=utf-8',
          ...NO_CACHE_HEADERS,
          'content-security-policy': `script-src 'self' 'nonce-${SEARCH_NONCE}'`,
        });
        response.end(
          `<!doctype html><html lang="fr"><p>${url} ${port}</p><script nonce="${SEARCH_NONCE}"></script></html>`,
        );
        return;
      }
      // A shared read, as the app answers it: X-Accel-Expires first, then the no-store of every API answer.
      // Any other API answer or page rendered per request: never stored (spec section 7, Next's dynamic pages).
      if (url.includes('erreur=1')) {
        // An error answer: the app leaves X-Accel-Expires off (src/server/http/page-cache.ts).
        response.writeHead(400, { 'content-type': 'application/json', ...NO_CACHE_HEADERS });
        response.end(JSON.stringify({ error: { code: 'validation' } }));
        return;
      }
      // A single article: marked only for a reader without a session (route-table.ts, `anonymous-read`).
      const pathname = url.split('?')[0] ?? '';
      const shared =
        SHARED_READ_PATHS.has(pathname) ||
        (ANONYMOUS_READ_PATHS.has(pathname) &&
          !request.headers.cookie?.includes('quotidienne_session=') &&
          !request.headers.authorization);
      response.writeHead(200, {
        ...(shared ? { 'x-accel-expires': String(EDGE_SECONDS) } : {}),
        'content-type': 'application/json',
        ...NO_CACHE_HEADERS,
      });
      response.end(JSON.stringify({ url, at: Date.now() }));
    }, ANSWER_MS);
  };
  for (let index = 0; index < 2; index++) {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstream.servers.push(server);
  }
  return upstream;
}

let work: string;
let upstream: Upstream;
let nginx: Nginx;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'edge-nginx-'));
  upstream = await startUpstream();
  const [a, b] = upstream.servers.map((server) => (server.address() as AddressInfo).port) as [number, number];
  nginx = await startNginx(work, path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), {
    apps: [a, b],
    edge: await findFreePort(),
  });
});

afterAll(async () => {
  nginx?.process.kill('SIGTERM');
  await Promise.all(upstream?.servers.map((server) => new Promise((resolve) => server.close(resolve))) ?? []);
  rmSync(work, { recursive: true, force: true });
});

/** `count` requests for one URL at once: each answer's cache status, and how long the slowest took. */
async function together(url: string, count: number, headers: Record<string, string> = {}) {
  upstream.maxInFlight = 0;
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${nginx.url}${url}`, { headers }).then(async (response) => {
        await response.arrayBuffer();
        return { status: response.status, cache: response.headers.get('x-cache-status') };
      }),
    ),
  );
  return { answers, slowestMs: Date.now() - started, maxInFlight: upstream.maxInFlight };
}

function reached(url: string): number {
  return upstream.seen.filter((seen) => seen === url).length;
}

describe('deploy/nginx.conf', () => {
  it.each(['/api/archive/info', '/api/contentAlert/topics', '/search?terme=tva', '/agenda'])(
    'sends concurrent requests for %s to the app at once, without waiting on a cache lock',
    async (url) => {
      const { answers, slowestMs, maxInFlight } = await together(url, 6);
      // The search page is looked up in the cache (decision 048), without the lock: six misses at once.
      const cache = url.startsWith('/search') ? 'MISS' : 'BYPASS';
      expect(answers).toEqual(Array.from({ length: 6 }, () => ({ status: 200, cache })));
      // Under proxy_cache_lock they went one at a time (each waiting for the previous answer, checked every
      // 500 ms): the instances saw one in flight and the last took seconds.
      expect(maxInFlight).toBe(6);
      expect(slowestMs).toBeLessThan(ANSWER_MS + 900);
    },
  );

  it('still keeps a shareable page and answers the next request from its cache', async () => {
    const before = upstream.seen.filter((url) => url === '/actualite/fiscal').length;
    const first = await together('/actualite/fiscal', 1);
    const second = await together('/actualite/fiscal', 3);
    expect(first.answers[0]).toEqual({ status: 200, cache: 'MISS' });
    expect(second.answers.map((answer) => answer.cache)).toEqual(['HIT', 'HIT', 'HIT']);
    expect(upstream.seen.filter((url) => url === '/actualite/fiscal').length - before).toBe(1);
  });

  it('never answers a reader with a session from the shared cache', async () => {
    const response = await fetch(`${nginx.url}/actualite/fiscal`, {
      headers: { cookie: 'quotidienne_session=abc' },
    });
    await response.arrayBuffer();
    expect(response.headers.get('x-cache-status')).toBe('BYPASS');
  });

  it.each(
    [...SHARED_READ_PATHS].map((route) => (route === '/api/search/suggest' ? `${route}?term=tva` : route)),
  )(
    'keeps the shared read %s as long as the app says, and answers concurrent readers with one app request',
    async (url) => {
      const before = reached(url);
      const askedAt = Date.now();
      const first = await together(url, 6);
      // One request reached the instances; the 5 others waited for its answer (nginx's cache lock) and got it.
      expect(reached(url) - before).toBe(1);
      expect(first.answers.filter((answer) => answer.status === 200)).toHaveLength(6);
      expect(first.answers.map((answer) => answer.cache).sort()).toEqual([
        'HIT',
        'HIT',
        'HIT',
        'HIT',
        'HIT',
        'MISS',
      ]);
      // A reader with a session gets the same copy: no shared read depends on the reader.
      const withSession = await together(url, 2, { cookie: 'quotidienne_session=abc' });
      expect(withSession.answers.map((answer) => answer.cache)).toEqual(['HIT', 'HIT']);
      expect(reached(url) - before).toBe(1);
      // The browser still gets the API's no-store, and never nginx's own header.
      const response = await fetch(`${nginx.url}${url}`);
      await response.arrayBuffer();
      expect(response.headers.get('cache-control')).toBe(NO_CACHE_HEADERS['Cache-Control']);
      expect(response.headers.get('x-accel-expires')).toBeNull();
      // Past the life the app gave (nginx counts whole seconds: a copy is fresh through its last second), the
      // stale copy at once while one request refreshes it in the background. Readers keep asking until then.
      const late = await waitUntil(
        async () => {
          const readers = await together(url, 3);
          return readers.answers.some((answer) => answer.cache === 'STALE') ? readers : undefined;
        },
        { timeoutMs: (EDGE_SECONDS + 3) * 1000, intervalMs: 100 },
      );
      expect(Date.now() - askedAt).toBeGreaterThan(EDGE_SECONDS * 1000);
      expect(late.slowestMs).toBeLessThan(ANSWER_MS);
      // The refresh reached the app once and was stored: the next reader gets it fresh, the app not asked again.
      await waitUntil(() => reached(url) - before === 2 && upstream.inFlight === 0);
      await waitUntil(async () => (await together(url, 1)).answers[0]?.cache === 'HIT');
      expect(reached(url) - before).toBe(2);
    },
  );

  it('keeps a single article for readers without a session, never for a reader with one', async () => {
    const url = '/api/article/single?newsId=A1';
    const first = await together(url, 4);
    expect(reached(url)).toBe(1);
    expect(first.answers.map((answer) => answer.cache).sort()).toEqual(['HIT', 'HIT', 'HIT', 'MISS']);
    // A session may unlock the article: the app is asked, and what it answers is not kept.
    const sessions: Record<string, string>[] = [
      { cookie: 'quotidienne_session=abc' },
      { authorization: 'Bearer abc' },
    ];
    for (const headers of sessions) {
      const personal = await together(url, 2, headers);
      expect(personal.answers.map((answer) => answer.cache)).toEqual(['BYPASS', 'BYPASS']);
    }
    expect(reached(url)).toBe(5);
    expect((await together(url, 1)).answers[0]?.cache).toBe('HIT');
    expect(reached(url)).toBe(5);
  });

  it('does not keep an answer of a shared read path the app did not mark (an error)', async () => {
    const url = '/api/issue?erreur=1';
    for (let round = 0; round < 2; round++) {
      const response = await fetch(`${nginx.url}${url}`);
      await response.arrayBuffer();
      expect(response.status).toBe(400);
      expect(response.headers.get('x-cache-status')).toBe('MISS');
    }
    expect(reached(url)).toBe(2);
  });

  it('sends the app the reader’s address, or the X-Forwarded-For of a balancer on any loopback address', async () => {
    // bench/scale's readers connect from 127.0.1.x (docs/SCALING.md, 2026-11-27 noon); its writes carry their
    // own address as a load balancer in front would.
    const from = (localAddress: string, url: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${nginx.url}${url}`, { localAddress, headers }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          })
          .on('error', reject);
      });
    expect(await from('127.0.1.7', '/api/adresse?cas=lecteur')).toBe(200);
    expect(await from('127.0.2.8', '/api/adresse?cas=balanceur', { 'x-forwarded-for': '203.0.113.9' })).toBe(
      200,
    );
    expect(upstream.forwardedFor.get('/api/adresse?cas=lecteur')).toBe('127.0.1.7');
    expect(upstream.forwardedFor.get('/api/adresse?cas=balanceur')).toBe('203.0.113.9');
  });

  it('keeps an anonymous search page the app marked, each answer with a nonce of its own', async () => {
    const url = '/search?terme=bail';
    const before = reached(url);
    const answer = async (headers: Record<string, string> = {}) => {
      const response = await fetch(`${nginx.url}${url}`, { headers });
      const body = await response.text();
      return {
        cache: response.headers.get('x-cache-status'),
        policy: response.headers.get('content-security-policy') ?? '',
        control: response.headers.get('cache-control'),
        accel: response.headers.get('x-accel-expires'),
        body,
      };
    };
    const first = await answer();
    const [second, third] = [await answer(), await answer()];
    expect([first.cache, second.cache, third.cache]).toEqual(['MISS', 'HIT', 'HIT']);
    expect(reached(url) - before).toBe(1);
    // The same page for both, each with its own nonce in the policy and the body; browsers store nothing.
    const nonces = [second, third].map((copy) => /'nonce-([^']+)'/.exec(copy.policy)?.[1]);
    expect(nonces[0]).toBeDefined();
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const [index, copy] of [second, third].entries()) {
      expect(copy.body).toContain(`<script nonce="${nonces[index]}">`);
      expect(copy.body).not.toContain(SEARCH_NONCE);
      expect(copy.body.replace(/nonce="[^"]+"/, '')).toBe(first.body.replace(/nonce="[^"]+"/, ''));
      expect(copy.control).toBe(NO_CACHE_HEADERS['Cache-Control']);
      expect(copy.accel).toBeNull();
    }
    // A reader with a session always reaches the app.
    const withSession = await answer({ cookie: 'quotidienne_session=abc' });
    expect(withSession.cache).toBe('BYPASS');
    expect(reached(url) - before).toBe(2);
  });

  it('never keeps a refused search, and lets concurrent ones reach the app together', async () => {
    const url = '/search?terme=tva&refus=1';
    const { answers, maxInFlight, slowestMs } = await together(url, 4);
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 429, cache: 'MISS' })));
    expect(maxInFlight).toBe(4);
    expect(slowestMs).toBeLessThan(ANSWER_MS + 900);
    const again = await together(url, 1);
    expect(again.answers).toEqual([{ status: 429, cache: 'MISS' }]);
    expect(reached(url)).toBe(5);
  });

  // Last: nginx counts the closed connections against the first instance (max_fails), as it should for one that
  // stops.
  it('sends a search whose connection a stopping instance closed before any byte to the other instance', async () => {
    const [stopping, other] = upstream.servers.map((server) => (server.address() as AddressInfo).port);
    upstream.handingOver = stopping;
    const url = '/search?terme=relais';
    const { answers } = await together(url, 6);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Some reached the stopping instance first (least_conn spreads them) and were answered by the other one.
    expect(reached(url)).toBeGreaterThan(6);
    expect(upstream.answeredBy.get(url)).toEqual([other, other, other, other, other, other]);
    upstream.handingOver = undefined;
  });
});
