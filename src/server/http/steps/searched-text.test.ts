import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { searchedTextStep } from './searched-text';

let served: Awaited<ReturnType<typeof serveSteps>>;
beforeAll(async () => {
  served = await serveSteps([searchedTextStep]);
});
afterAll(() => served.close());

describe('searchedTextStep', () => {
  it('sends a pasted paragraph to the URL of the text a search reads', async () => {
    const paragraph = Array.from({ length: 200 }, (_, index) => `mot${index}`).join(' ');
    const response = await fetch(`${served.base}/search?term=${encodeURIComponent(paragraph)}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get('location') ?? '', served.base);
    expect(location.pathname).toBe('/search');
    expect(paragraph.startsWith(location.searchParams.get('term') ?? '∅')).toBe(true);
    expect(served.reached).toEqual([]);
  });

  it('lets a search of ordinary length, and any other page, go on', async () => {
    await fetch(`${served.base}/search?term=tva`);
    await fetch(`${served.base}/actualite?term=${'x'.repeat(3000)}`);
    expect(served.reached).toHaveLength(2);
  });
});
