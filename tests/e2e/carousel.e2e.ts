import type { Locator, Page } from '@playwright/test';
import { BANNER_INTERVAL_MS } from '@/lib/constants';
import { expect, MOBILE, screenshot, test, waitForHydration } from './support/fixtures';

/** The home banner carousel: one banner a page, autoplay every 4 s, loop, drag, indicators (spec sections 2, 9). */
function banner(page: Page): Locator {
  return page.locator('section[aria-roledescription="carrousel"][aria-label="Nos offres à la une"]');
}

/** The indicator marked current: `Page N` for the banner shown. */
function current(carousel: Locator): Locator {
  return carousel.locator('button[aria-current="true"]');
}

async function currentPage(carousel: Locator): Promise<number> {
  return Number((await current(carousel).getAttribute('aria-label'))?.replace('Page ', ''));
}

test('the banner carousel advances by itself every 4 seconds and can be paused', async ({ page }) => {
  // The page's clock is ours: the autoplay timer fires when the test moves time on, not when the machine can.
  await page.clock.install();
  await page.goto('/');
  const carousel = banner(page);
  // The indicators are in the server's HTML; they work once hydrated.
  await waitForHydration(carousel.getByRole('button', { name: 'Page 1' }));
  const pages = await carousel.getByRole('button', { name: /^Page \d+$/ }).count();
  expect(pages).toBeGreaterThan(1);

  // Restart the autoplay so that its timer starts now, with the clock stopped.
  await carousel.getByRole('button', { name: 'Pause' }).click();
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1000));
  await carousel.getByRole('button', { name: 'Lecture' }).click();
  const start = await currentPage(carousel);
  // Not before its interval…
  await page.clock.runFor(BANNER_INTERVAL_MS - 100);
  await expect(current(carousel)).toHaveAttribute('aria-label', `Page ${start}`);
  // …and by itself once it is over.
  await page.clock.runFor(200);
  await expect(current(carousel)).toHaveAttribute('aria-label', `Page ${(start % pages) + 1}`);

  await carousel.getByRole('button', { name: 'Pause' }).click();
  await expect(carousel.getByRole('button', { name: 'Lecture' })).toBeVisible();
  const paused = await currentPage(carousel);
  await page.clock.runFor(BANNER_INTERVAL_MS * 2);
  await expect(current(carousel)).toHaveAttribute('aria-label', `Page ${paused}`);
});

test('the banner carousel can be dragged, follows its indicators and loops', async ({ page }) => {
  await page.goto('/');
  const carousel = banner(page);
  await waitForHydration(carousel.getByRole('button', { name: 'Pause' }));
  await carousel.getByRole('button', { name: 'Pause' }).click();
  // Dragging needs the engine, fetched at that first touch.
  await expect(carousel).toHaveAttribute('data-ready', '');
  const pages = await carousel.getByRole('button', { name: /^Page \d+$/ }).count();
  const showsPage = (n: number) => expect(current(carousel)).toHaveAttribute('aria-label', `Page ${n}`);

  await showsPage(1);

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
  await showsPage(2);
  expect(new URL(page.url()).pathname).toBe('/');

  // Indicators jump to their page; previous from the first page loops to the last one, and back.
  await carousel.getByRole('button', { name: 'Page 1' }).click();
  await showsPage(1);
  await carousel.getByRole('button', { name: 'Précédent' }).click();
  await showsPage(pages);
  await carousel.getByRole('button', { name: 'Suivant' }).click();
  await showsPage(1);
  await carousel.getByRole('button', { name: `Page ${pages}` }).click();
  await showsPage(pages);
  await screenshot(page, 'carousel-dragged');
});

test('the banner carousel’s controls are in the HTML and work before its engine has come', async ({
  page,
}) => {
  // A phone: the carousels further down the page (which fetch the same engine when near) stay far below.
  await page.setViewportSize(MOBILE);
  // The engine (Embla, whose chunk names the option containScroll) is held back until the test lets it through.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const engineRequests: { url: string; afterTheTap: boolean }[] = [];
  let tapped = false;
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('containScroll')) {
      engineRequests.push({ url: route.request().url(), afterTheTap: tapped });
      await held;
    }
    await route.fulfill({ response });
  });
  // The page's clock is ours: the first advance (and the engine it fetches) comes when the test moves time on.
  await page.clock.install();
  const response = await page.goto('/');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const html = (await response?.text()) ?? '';
  const carousel = banner(page);
  // Arrows, indicators and the pause button without any script.
  expect(html).toContain('aria-label="Pages du carrousel"');
  expect(html).toContain('aria-label="Suivant"');
  const pages = await carousel.getByRole('button', { name: /^Page \d+$/ }).count();
  expect(pages).toBeGreaterThan(1);
  await expect(carousel.getByRole('button', { name: 'Pause' })).toBeVisible();
  await waitForHydration(carousel.getByRole('button', { name: 'Suivant' }));
  // Not fetched with the page nor in the 2.5 s after its load (its idle moment is waited for 1.5 s at most): the
  // first advance is 4 s away.
  await page.clock.runFor(BANNER_INTERVAL_MS - 2_500);
  expect(engineRequests).toEqual([]);

  // Pressed before the engine has come, "Suivant" is done once it has; the engine's one request came after it.
  tapped = true;
  await carousel.getByRole('button', { name: 'Suivant' }).click();
  await expect.poll(() => engineRequests.length).toBeGreaterThan(0);
  expect(engineRequests.every((request) => request.afterTheTap)).toBe(true);
  await page.clock.resume();
  await expect(carousel).not.toHaveAttribute('data-ready', '');
  release();
  await expect(carousel).toHaveAttribute('data-ready', '');
  await expect(current(carousel)).toHaveAttribute('aria-label', 'Page 2');
});

test('the banner carousel advances by itself without any touch, its engine fetched then', async ({
  page,
}) => {
  await page.goto('/');
  const carousel = banner(page);
  await waitForHydration(carousel.getByRole('button', { name: 'Page 1' }));
  await expect(current(carousel)).toHaveAttribute('aria-label', 'Page 1');
  // The load, an idle moment after it (at most 1.5 s), then the first advance's interval: real time.
  await expect(current(carousel)).toHaveAttribute('aria-label', 'Page 2', {
    timeout: 1500 + BANNER_INTERVAL_MS + 10_000,
  });
  await expect(carousel).toHaveAttribute('data-ready', '');
});
