import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { searchSlotStats } from '../../search/search-slots';
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
