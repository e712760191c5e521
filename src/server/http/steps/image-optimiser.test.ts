import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSteps } from '../../../../tests/support/request-steps';
import { IMAGE_REFUSED_MESSAGE } from '../image-optimiser';
import { imageOptimiserStep } from './image-optimiser';

const CANONICAL = `/_next/image?url=${encodeURIComponent('/media/covers/affaires-1.webp')}&w=1920&q=75`;

let served: Awaited<ReturnType<typeof serveSteps>>;
beforeAll(async () => {
  served = await serveSteps([imageOptimiserStep]);
});
afterAll(() => served.close());

describe('imageOptimiserStep', () => {
  it('refuses another spelling of an image with 400, before Next.js', async () => {
    const refused = await fetch(
      `${served.base}/_next/image?url=${encodeURIComponent('/v1/../media/covers/affaires-1.webp')}&w=1920&q=75`,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(IMAGE_REFUSED_MESSAGE);
    expect(served.reached).toEqual([]);
  });

  it('lets the one spelling our pages write go on once it has a slot, and every other request at once', async () => {
    expect(await (await fetch(`${served.base}${CANONICAL}`)).text()).toBe('next');
    expect(await (await fetch(`${served.base}${CANONICAL}`)).text()).toBe('next');
    await fetch(`${served.base}/actualite`);
    expect(served.reached).toEqual([CANONICAL, CANONICAL, '/actualite']);
  });
});
