import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { SESSION_COOKIE } from '../../accounts/sessions';
import { renderMetrics } from '../../observability/metrics';
import { purgePageCache } from '../page-cache-purge';
import { SHARED_PAGE_CACHE_SECONDS } from '../page-cache-store';
import { pageCacheAnswerStep } from './page-cache-answer';
import { pageCacheRecordStep } from './page-cache-record';

/** The two page cache steps around a stand-in for Next.js answering a public read, as the pipeline runs them. */
let served: Awaited<ReturnType<typeof serveSteps>>;
beforeAll(async () => {
  served = await serveSteps([pageCacheAnswerStep, pageCacheRecordStep], (_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ issue: 'du jour' }));
  });
});
beforeEach(() => {
  purgePageCache();
  // No spread of the long lives (PAGE_CACHE_SPREAD_SECONDS): the life below is exact.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  served.reached.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => served.close());

const origin = async (path: string, headers: Record<string, string> = {}) =>
  (await fetch(`${served.base}${path}`, { headers })).headers.get('x-cache');

/** page_renders_total's value for a route, 0 before its first render. */
async function renders(route: string): Promise<number> {
  const line = (await renderMetrics())
    .split('\n')
    .find((candidate) => candidate.startsWith(`page_renders_total{route="${route}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('page cache steps', () => {
  it('keep the answer of a public read on its way out and answer the next request without Next.js', async () => {
    const first = await fetch(`${served.base}/api/issue`);
    const second = await fetch(`${served.base}/api/issue`);
    expect(await second.text()).toBe(await first.text());
    expect(served.reached).toEqual(['/api/issue']);
  });

  it('let a personal request through every time, saying nothing of its origin', async () => {
    expect(await origin('/api/account/profile')).toBeNull();
    await fetch(`${served.base}/api/account/profile`);
    expect(served.reached).toEqual(['/api/account/profile', '/api/account/profile']);
  });
});

describe('X-Cache and page_renders_total', () => {
  it('say MISS and count a render for the first request, then HIT without a render', async () => {
    const before = await renders('/api/issue');
    expect(await origin('/api/issue')).toBe('MISS');
    expect(await origin('/api/issue')).toBe('HIT');
    await vi.waitFor(async () => expect(await renders('/api/issue')).toBe(before + 1));
  });

  it('say STALE for a copy past its life (within its stale window), served while it is refreshed', async () => {
    await origin('/api/issue');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (SHARED_PAGE_CACHE_SECONDS + 1) * 1000 });
    expect(await origin('/api/issue')).toBe('STALE');
  });

  it('say BYPASS for a read the page cache never keeps (a query the route refuses)', async () => {
    expect(await origin('/api/article/summary?limit=abc')).toBe('BYPASS');
    expect(await origin('/api/article/summary?limit=abc')).toBe('BYPASS');
  });

  it('say nothing to a request with a session, whether or not its answer came from a copy', async () => {
    await origin('/api/issue');
    expect(await origin('/api/issue', { cookie: `${SESSION_COOKIE}=abc` })).toBeNull();
    expect(await origin('/api/article/single?newsId=A1', { authorization: 'Bearer abc' })).toBeNull();
  });
});
