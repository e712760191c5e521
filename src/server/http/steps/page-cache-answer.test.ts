import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { purgePageCache } from '../page-cache-store';
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
  served.reached.length = 0;
});
afterAll(() => served.close());

describe('page cache steps', () => {
  it('keep the answer of a public read on its way out and answer the next request without Next.js', async () => {
    const first = await fetch(`${served.base}/api/issue`);
    const second = await fetch(`${served.base}/api/issue`);
    expect(await second.text()).toBe(await first.text());
    expect(served.reached).toEqual(['/api/issue']);
  });

  it('let a personal request through every time', async () => {
    await fetch(`${served.base}/api/account/profile`);
    await fetch(`${served.base}/api/account/profile`);
    expect(served.reached).toEqual(['/api/account/profile', '/api/account/profile']);
  });
});
