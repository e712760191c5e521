import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { refreshGoneArticles } from '../../editorial/gone';
import { refreshRedirects } from '../../taxonomy/redirects';
import { oldAddressesStep } from './old-addresses';

/** Stand-ins for the database reads that fill the tables in memory. */
const rowsOf = (rows: unknown[]) =>
  ({
    select: () => ({ from: () => Object.assign(Promise.resolve(rows), { where: async () => rows }) }),
  }) as never;

let served: Awaited<ReturnType<typeof serveSteps>>;
beforeAll(async () => {
  await refreshRedirects(
    rowsOf([
      { fromPath: '/ancienne-page', status: 301, toPath: '/actualite' },
      { fromPath: '/page-supprimee', status: 410, toPath: null },
    ]),
  );
  await refreshGoneArticles(rowsOf([{ id: 'A42', enrichedNewsId: null }]));
  served = await serveSteps([oldAddressesStep]);
});
afterAll(async () => {
  await refreshRedirects(rowsOf([]));
  await refreshGoneArticles(rowsOf([]));
  await served.close();
});

describe('oldAddressesStep', () => {
  it('redirects an old address with its query, and answers 410 for a removed one', async () => {
    const moved = await fetch(`${served.base}/ancienne-page?x=1`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/actualite?x=1');
    expect((await fetch(`${served.base}/page-supprimee`)).status).toBe(410);
    expect(served.reached).toEqual([]);
  });

  it('answers 410 for a withdrawn article, and lets every other address go on', async () => {
    const gone = await fetch(`${served.base}/actualite/un-titre_A42`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('Cet article n’est plus disponible');
    await fetch(`${served.base}/actualite/un-autre_A43`);
    expect(served.reached).toEqual(['/actualite/un-autre_A43']);
  });
});
