import type { Locator, Page } from 'playwright-core';
import { BANNER_INTERVAL_MS } from '@/lib/constants';
import { expect, screenshot, test, waitForHydration } from './support/browser';

/** The home banner carousel: one banner a page, autoplay every 4 s, loop, drag, indicators (spec sections 2, 9). */
function banner(page: Page): Locator {
  return page.locator('section[aria-roledescription="carrousel"][aria-label="Nos offres à la une"]');
}

/** The 1-based page whose indicator is marked current. */
async function currentPage(carousel: Locator): Promise<number> {
  const label = await carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
  return Number(label?.replace('Page ', ''));
}

async function waitForPage(carousel: Locator, expected: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await currentPage(carousel)) !== expected) {
    if (Date.now() > deadline)
      throw new Error(`the carousel did not reach page ${expected} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('the banner carousel advances by itself every 4 seconds and can be paused', async ({ page }) => {
  await page.goto('/');
  const carousel = banner(page);
  // The indicators exist once Embla has measured the slides in the browser.
  await waitForHydration(carousel.getByRole('button', { name: 'Page 1' }));
  const pages = await carousel.getByRole('button', { name: /^Page \d+$/ }).count();
  expect(pages).toBeGreaterThan(1);

  // Restart the autoplay so that its timer starts now, whenever hydration happened.
  await carousel.getByRole('button', { name: 'Pause' }).click();
  await carousel.getByRole('button', { name: 'Lecture' }).click();
  const start = await currentPage(carousel);
  // Not before its interval (timers can run late on a loaded machine, never early)…
  await page.waitForTimeout(BANNER_INTERVAL_MS - 1000);
  expect(await currentPage(carousel)).toBe(start);
  // …and by itself soon after it.
  await waitForPage(carousel, (start % pages) + 1, 4000);

  await carousel.getByRole('button', { name: 'Pause' }).click();
  await expect(carousel.getByRole('button', { name: 'Lecture' }).isVisible()).resolves.toBe(true);
  const paused = await currentPage(carousel);
  await page.waitForTimeout(BANNER_INTERVAL_MS + 1000);
  expect(await currentPage(carousel)).toBe(paused);
});

test('the banner carousel can be dragged, follows its indicators and loops', async ({ page }) => {
  await page.goto('/');
  const carousel = banner(page);
  await waitForHydration(carousel.getByRole('button', { name: 'Pause' }));
  await carousel.getByRole('button', { name: 'Pause' }).click();
  const pages = await carousel.getByRole('button', { name: /^Page \d+$/ }).count();

  await waitForPage(carousel, 1, 2000);

  // A drag from right to left brings the next banner.
  const box = await carousel
    .locator('li[aria-roledescription="diapositive"][aria-label^="1 sur"]')
    .boundingBox();
  if (!box) throw new Error('the carousel has no visible slide');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 10 });
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 10 });
  await page.mouse.up();
  await waitForPage(carousel, 2, 3000);
  expect(new URL(page.url()).pathname).toBe('/');

  // Indicators jump to their page; previous from the first page loops to the last one, and back.
  await carousel.getByRole('button', { name: 'Page 1' }).click();
  await waitForPage(carousel, 1, 2000);
  await carousel.getByRole('button', { name: 'Précédent' }).click();
  await waitForPage(carousel, pages, 2000);
  await carousel.getByRole('button', { name: 'Suivant' }).click();
  await waitForPage(carousel, 1, 2000);
  await carousel.getByRole('button', { name: `Page ${pages}` }).click();
  await waitForPage(carousel, pages, 2000);
  await screenshot(page, 'carousel-dragged');
});
