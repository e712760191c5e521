// deploy/nginx.conf as shipped, in front of two stand-in app instances (plain Node servers answering like the app
// does): what it shares and what it must not hold back. Needs Debian's nginx (.ci/run installs it); no database.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../support/free-port';
import { type Nginx, startNginx } from '../support/nginx';

/** How long a stand-in instance takes to answer: long enough for nginx's 500 ms lock checks to show. */
const ANSWER_MS = 300;
const NO_STORE = 'no-cache, no-store, must-revalidate, max-age=0';

type Upstream = { servers: http.Server[]; inFlight: number; maxInFlight: number; seen: string[] };

/** Two listening servers sharing one handler and one count of requests in flight (the two app instances). */
async function startUpstream(): Promise<Upstream> {
  const upstream: Upstream = { servers: [], inFlight: 0, maxInFlight: 0, seen: [] };
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    upstream.seen.push(request.url ?? '');
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
      // An API read or a page rendered per request: never stored (spec section 7, Next's dynamic pages).
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': NO_STORE });
      response.end(JSON.stringify({ url }));
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
async function together(url: string, count: number) {
  upstream.maxInFlight = 0;
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${nginx.url}${url}`).then(async (response) => {
        await response.arrayBuffer();
        return { status: response.status, cache: response.headers.get('x-cache-status') };
      }),
    ),
  );
  return { answers, slowestMs: Date.now() - started, maxInFlight: upstream.maxInFlight };
}

describe('deploy/nginx.conf', () => {
  it.each(['/api/article/summary?limit=20', '/api/issue', '/search?terme=tva'])(
    'sends concurrent requests for %s to the app at once, without waiting on a cache lock',
    async (url) => {
      const { answers, slowestMs, maxInFlight } = await together(url, 6);
      expect(answers).toEqual(Array.from({ length: 6 }, () => ({ status: 200, cache: 'BYPASS' })));
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
});
