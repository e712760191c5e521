import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { tagRenderedPage } from '@/server/cache/page-tags';
import { answerFromPageCache } from '@/server/http/page-cache';
import { recordForPageCache } from '@/server/http/page-cache-capture';
import { purgePageCache } from '@/server/http/page-cache-purge';
import { ISR_HEADERS } from './isr-answer';
import { waitUntil } from './wait-until';

// The page cache's tests (src/server/http/page-cache*.test.ts) run it in front of this stand-in for Next.js.

/**
 * What the stand-in for Next.js answers, per test; `compress`: gzip when asked, as Next's own middleware does;
 * `tags`: what the page records as it renders (a section or editorial page, src/server/cache/page-tags.ts), by path.
 */
export type Upstream = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
  compress?: boolean;
  tags?: Record<string, readonly string[]>;
  /** Renders the body for the request's URL (a search page from the database), instead of `body`. */
  render?: (url: string) => Promise<string>;
};

export { CACHE_NONCE, ISR_HEADERS } from './isr-answer';

/** The nonce of a search page the stand-in answers (Next.js sends each one a nonce of its own). */
export const SEARCH_NONCE = 'QUJDREVGR0hJSktMTU5PUA==';
/** A search page's answer as Next.js sends it (rendered per request), its body to add. */
export const SEARCH_PAGE_ANSWER: Omit<Upstream, 'body'> = {
  status: 200,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    'content-security-policy': `script-src 'self' 'nonce-${SEARCH_NONCE}'`,
  },
};
/** A suggestion list's answer as the suggestions' route sends it, its body to add. */
export const SUGGESTIONS_ANSWER: Omit<Upstream, 'body'> = {
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
};

/**
 * What the tests change and read: what the stand-in answers (`upstream`), the requests that reached it with the
 * accept-encoding it saw (`reached`), a render in progress it waits for before answering (`holdNext`), and the
 * server's address (`base`).
 */
export const stand: {
  upstream: Upstream;
  reached: { url: string; acceptEncoding: string | undefined }[];
  holdNext: Promise<void> | undefined;
  base: string;
} = { upstream: { status: 200, headers: {}, body: '' }, reached: [], holdNext: undefined, base: '' };
let server: http.Server;

/** Waits (up to 2 s) for something a background request does. */
export async function waitFor(condition: () => boolean): Promise<void> {
  await waitUntil(condition, { timeoutMs: 2_000, intervalMs: 5 }).catch(() => undefined);
  expect(condition()).toBe(true);
}

async function next(request: IncomingMessage, response: ServerResponse): Promise<void> {
  stand.reached.push({ url: request.url ?? '', acceptEncoding: request.headers['accept-encoding'] });
  if (stand.holdNext) await stand.holdNext;
  const path = (request.url ?? '').split('?', 1)[0] ?? '';
  const tags = stand.upstream.tags?.[path];
  if (tags) tagRenderedPage(path, tags);
  response.statusCode = stand.upstream.status;
  for (const [name, value] of Object.entries(stand.upstream.headers))
    if (value !== undefined) response.setHeader(name, value);
  const body = stand.upstream.render ? await stand.upstream.render(request.url ?? '') : stand.upstream.body;
  if (stand.upstream.compress && request.headers['accept-encoding'] === 'gzip') {
    const compressed = gzipSync(body);
    response.setHeader('content-encoding', 'gzip');
    response.write(compressed.subarray(0, 10));
    response.end(compressed.subarray(10));
    return;
  }
  // Written in two chunks, as a streamed render would be.
  const middle = Math.floor(body.length / 2);
  response.write(body.slice(0, middle));
  response.end(body.slice(middle));
}

/** Serves the page cache in front of the stand-in for the tests of the calling file. */
export function servePageCacheBeforeStandIn(): void {
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (answerFromPageCache(request, response)) return;
      recordForPageCache(request, response);
      void next(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stand.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    vi.restoreAllMocks();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    purgePageCache();
    // No spread of the long lives (PAGE_CACHE_SPREAD_SECONDS) but in its own test: the lives below are exact.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    stand.reached = [];
    stand.upstream = {
      status: 200,
      headers: { ...ISR_HEADERS },
      body: '<!doctype html><p>Actualité du jour</p>',
    };
  });
}

/** A GET through node:http, which (unlike fetch) hands over the body as sent, compressed or not. */
export function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${stand.base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

export async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${stand.base}${path}`, init);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}
