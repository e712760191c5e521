import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { refreshGoneArticles } from '../../editorial/gone';
import { refreshRedirects } from '../../taxonomy/redirects';
import { GONE_PAGE_PATH } from '../gone-page';
import { oldAddressesStep } from './old-addresses';

/** Stand-ins for the database reads that fill the tables in memory. */
const rowsOf = (rows: unknown[]) =>
  ({
    select: () => ({ from: () => Object.assign(Promise.resolve(rows), { where: async () => rows }) }),
  }) as never;
/** A stand-in for the withdrawn articles' read: the ids it answers. */
const goneIdsOf = (ids: string[]) =>
  ({ execute: async () => ({ rows: ids.map((id) => ({ id })) }) }) as never;

let served: Awaited<ReturnType<typeof serveSteps>>;
beforeAll(async () => {
  await refreshRedirects(
    rowsOf([
      { fromPath: '/ancienne-page', status: 301, toPath: '/actualite' },
      { fromPath: '/page-supprimee', status: 410, toPath: null },
    ]),
  );
  await refreshGoneArticles(goneIdsOf(['A42']));
  served = await serveSteps([oldAddressesStep]);
});
afterAll(async () => {
  await refreshRedirects(rowsOf([]));
  await refreshGoneArticles(goneIdsOf([]));
  await served.close();
});

describe('oldAddressesStep', () => {
  it('redirects an old address with its query, without Next.js', async () => {
    const moved = await fetch(`${served.base}/ancienne-page?x=1`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/actualite?x=1');
    expect(served.reached).toEqual([]);
  });

  it("sends a removed address and a withdrawn article to the site's 410 page, never kept", async () => {
    for (const address of ['/page-supprimee', '/actualite/un-titre_A42']) {
      const gone = await fetch(`${served.base}${address}`);
      expect(gone.status).toBe(410);
      expect(gone.headers.get('cache-control')).toBe('no-store');
      expect(gone.headers.get('x-robots-tag')).toBe('noindex');
    }
    expect(served.reached).toEqual([GONE_PAGE_PATH, GONE_PAGE_PATH]);
  });

  it('lets every other address go on as it is', async () => {
    served.reached.length = 0;
    await fetch(`${served.base}/actualite/un-autre_A43`);
    expect(served.reached).toEqual(['/actualite/un-autre_A43']);
  });
});
