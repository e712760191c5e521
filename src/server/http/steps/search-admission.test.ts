import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { tagsOfArticleChange } from '../../content/cache-tags';
import { searchSlotStats } from '../../search/search-slots';
import { purgePageCache } from '../page-cache-purge';
import { pageCacheAnswerStep } from './page-cache-answer';
import { pageCacheRecordStep } from './page-cache-record';
import { searchAdmissionStep } from './search-admission';

/** The rate limit's verdict for the next search (the counter itself is tested with its database). */
const verdict = vi.hoisted(() => ({ allowed: true, retryAfterSeconds: 0 }));
vi.mock('../../db/client', () => ({ getDb: async () => ({}) }));
vi.mock('../../search/admission', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../search/admission')>()),
  consumeSearchRateLimit: async () => ({ ...verdict }),
}));

let served: Awaited<ReturnType<typeof serveSteps>>;
beforeAll(async () => {
  served = await serveSteps([searchAdmissionStep]);
});
beforeEach(() => {
  served.reached.length = 0;
});
afterAll(() => served.close());

describe('searchAdmissionStep', () => {
  it('refuses a search over its address limit with 429, Retry-After and a French page', async () => {
    Object.assign(verdict, { allowed: false, retryAfterSeconds: 30 });
    const refused = await fetch(`${served.base}/search?term=tva`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.text()).toContain('Trop de recherches');
    expect(served.reached).toEqual([]);
  });

  it('lets an admitted search be rendered in a search slot, freed once it is answered', async () => {
    Object.assign(verdict, { allowed: true, retryAfterSeconds: 0 });
    expect(await (await fetch(`${served.base}/search?term=tva`)).text()).toBe('next');
    expect(served.reached).toEqual(['/search?term=tva']);
    await vi.waitFor(() => expect(searchSlotStats()).toEqual({ running: 0, waiting: 0 }));
  });

  it('does not count other pages', async () => {
    Object.assign(verdict, { allowed: false, retryAfterSeconds: 30 });
    expect((await fetch(`${served.base}/actualite`)).status).toBe(200);
    expect(served.reached).toEqual(['/actualite']);
  });
});

describe('a kept search page a publication made outdated', () => {
  const nonce = 'QUJDREVGR0hJSktMTU5PUA==';
  let version = 'avant';
  let withCache: Awaited<ReturnType<typeof serveSteps>>;
  beforeAll(async () => {
    withCache = await serveSteps(
      [pageCacheAnswerStep, searchAdmissionStep, pageCacheRecordStep],
      (_request, response) => {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
        response.setHeader('content-security-policy', `script-src 'self' 'nonce-${nonce}'`);
        response.end(`<!doctype html><script nonce="${nonce}" src="/a.js"></script><p>${version}</p>`);
      },
    );
  });
  afterAll(() => withCache.close());

  it('is rendered again by the next request, not served stale to it', async () => {
    Object.assign(verdict, { allowed: true, retryAfterSeconds: 0 });
    const ask = async () => {
      const answer = await fetch(`${withCache.base}/search?term=plafond`);
      return { origin: answer.headers.get('x-cache'), body: await answer.text() };
    };
    await ask();
    expect(await ask()).toEqual({ origin: 'HIT', body: expect.stringContaining('avant') });
    version = 'après';
    purgePageCache(
      tagsOfArticleChange({
        id: 'S1',
        type: 'actualite',
        topicSlugs: ['social'],
        trades: [],
        publicationDate: new Date('2026-12-02T08:00:00Z'),
      }),
    );
    // The request that finds the copy outdated renders the new version (it was answered the outdated copy, STALE,
    // with nothing rendering: the search showed the change only once that copy was gone, past the stale window).
    expect(await ask()).toEqual({ origin: 'MISS', body: expect.stringContaining('après') });
    expect(withCache.reached.filter((url) => url === '/search?term=plafond')).toHaveLength(2);
  });
});
