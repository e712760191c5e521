import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CACHE_NONCE,
  get,
  ISR_HEADERS,
  rawGet,
  servePageCacheBeforeStandIn,
  stand,
} from '../../../tests/support/page-cache-stand-in';
import { purgePageCache } from './page-cache-purge';
import { pageCacheStats } from './page-cache-store';

servePageCacheBeforeStandIn();

describe('a nonce of its own for every answer of a cached page, without nginx', () => {
  const PAGE =
    `<!doctype html><script nonce="${CACHE_NONCE}" src="/a.js"></script><h1>Actualité</h1>` +
    `<script nonce="${CACHE_NONCE}">self.__next_f.push([1,"{\\"nonce\\":\\"${CACHE_NONCE}\\"}"])</script>` +
    '<p>'.padEnd(5_000, 'x');
  const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy ?? ''))?.[1] ?? '';

  beforeEach(() => {
    stand.upstream = { status: 200, headers: { ...ISR_HEADERS }, body: PAGE };
  });

  it('renews the nonce in the policy and at every place of the body, for the visitor filling the entry too', async () => {
    const answers = [
      await rawGet('/actualite/fiscal', { 'accept-encoding': 'gzip' }),
      await rawGet('/actualite/fiscal', { 'accept-encoding': 'gzip' }),
      await rawGet('/actualite/fiscal', { 'accept-encoding': 'identity' }),
      await rawGet('/actualite/fiscal', {}),
    ];
    expect(stand.reached).toHaveLength(1);
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
    stand.upstream = { status: 304, headers: { ...ISR_HEADERS }, body: '' };
    purgePageCache();
    const fromNext = await get('/actualite/fiscal', { headers: { 'if-none-match': '"abc"' } });
    expect(fromNext.response.status).toBe(304);
    expect(fromNext.response.headers.get('content-security-policy')).toBeNull();
  });

  it('renews it in a page that is not kept too (a not-found page under a cached path)', async () => {
    stand.upstream = { status: 404, headers: { ...ISR_HEADERS }, body: PAGE };
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
      stand.upstream = { status: 200, headers: { ...headers }, body: pageWith(nonce) };
      for (const encoding of ['gzip', 'identity']) {
        const answer = await rawGet(path, { 'accept-encoding': encoding });
        const body = (encoding === 'gzip' ? gunzipSync(answer.body) : answer.body).toString();
        const fresh = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
        expect(body).not.toContain('<script src=');
        expect(body).toContain('var sources=["/_next/static/chunks/main.js"]');
        expect(loaderNonce(body)).toBe(fresh);
        expect(fresh).not.toBe(nonce);
      }
      expect(stand.reached).toHaveLength(1);
    },
  );

  it('leaves an error page as Next.js wrote it, but for its nonce', async () => {
    stand.upstream = { status: 500, headers: { ...ISR_HEADERS }, body: pageWith(CACHE_NONCE) };
    const answer = await get('/actualite/fiscal');
    const fresh =
      /'nonce-([^']+)'/.exec(answer.response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(answer.body.toString()).toBe(pageWith(fresh));
  });
});
