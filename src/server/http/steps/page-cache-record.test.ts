import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { purgePageCache } from '../page-cache-purge';
import { pageCacheStats } from '../page-cache-store';
import { pageCacheRecordStep } from './page-cache-record';

/** The build's cache nonce a cached page is rendered with (src/proxy.ts): as long as a fresh nonce. */
const CACHE_NONCE = 'Q0FDSEVOT05DRTAxMjM0NQ==';

/** The capture step alone in front of a stand-in for Next.js: a public read, and an ISR page with its nonce. */
let served: Awaited<ReturnType<typeof serveSteps>>;
beforeAll(async () => {
  served = await serveSteps([pageCacheRecordStep], (request, response) => {
    if (request.url?.startsWith('/api/')) {
      response.setHeader('content-type', 'application/json');
      response.end('{"issue":"du jour"}');
      return;
    }
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('cache-control', 's-maxage=60, stale-while-revalidate=31535940');
    response.setHeader('content-security-policy', `script-src 'self' 'nonce-${CACHE_NONCE}'`);
    response.end(`<!doctype html><p>Fiscal</p><script nonce="${CACHE_NONCE}"></script>`);
  });
});
beforeEach(() => purgePageCache());
afterAll(() => served.close());

describe('pageCacheRecordStep', () => {
  it('keeps a public read as Next.js sends it, saying MISS', async () => {
    const answer = await fetch(`${served.base}/api/issue`);
    expect(await answer.text()).toBe('{"issue":"du jour"}');
    expect(answer.headers.get('x-cache')).toBe('MISS');
    expect(pageCacheStats().entries).toBe(1);
  });

  it('sends a public read it never keeps as it is, saying BYPASS, and nothing on a staff route', async () => {
    const rates = await fetch(`${served.base}/api/rates`);
    expect(await rates.text()).toBe('{"issue":"du jour"}');
    expect(rates.headers.get('x-cache')).toBe('BYPASS');
    expect((await fetch(`${served.base}/api/admin/articles`)).headers.get('x-cache')).toBeNull();
    expect(pageCacheStats().entries).toBe(0);
  });

  it('holds a reader page back and sends it with a nonce of its own, in its body and its policy', async () => {
    const answer = await fetch(`${served.base}/actualite/fiscal`);
    const body = await answer.text();
    const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeDefined();
    expect(nonce).not.toBe(CACHE_NONCE);
    expect(body).toContain(`nonce="${nonce}"`);
    expect(pageCacheStats().entries).toBe(1);
  });
});
