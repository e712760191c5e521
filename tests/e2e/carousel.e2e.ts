import type { Locator, Page } from '@playwright/test';
import { BANNER_INTERVAL_MS } from '@/lib/constants';
import { expect, screenshot, test, waitForHydration } from './support/fixtures';

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

test('the carousels’ controls are in the HTML, their slides scroll without any script', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  const html = (await response?.text()) ?? '';
  // Arrows, indicators and the pause button are in the server's HTML.
  expect(html).toContain('aria-label="Pages du carrousel"');
  expect(html).toContain('aria-label="Suivant"');
  const carousel = banner(page);
  expect(await carousel.getByRole('button', { name: /^Page \d+$/ }).count()).toBeGreaterThan(1);
  // The banner lays out its first slide only until the page has loaded with its scripts: the others' images do
  // not compete with the largest paint.
  await expect(carousel.locator('li[aria-roledescription="diapositive"]').nth(1)).toBeHidden();
  // The browser moves a track (scroll snapping): the next page of offers is one sideways scroll away.
  const offers = page.locator('section[aria-roledescription="carrousel"][aria-label="Les offres du moment"]');
  const track = offers.locator('ul:has(> li[aria-roledescription="diapositive"])');
  const width = await track.evaluate((element) => element.clientWidth);
  expect(await track.evaluate((element) => element.scrollWidth)).toBeGreaterThan(width);
  await track.evaluate((element) => element.scrollBy({ left: element.clientWidth }));
  await expect
    .poll(() => track.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth)))
    .toBe(1);
  await context.close();
});

test('the banner carousel advances by itself without any touch', async ({ page }) => {
  await page.goto('/');
  const carousel = banner(page);
  await waitForHydration(carousel.getByRole('button', { name: 'Page 1' }));
  await expect(current(carousel)).toHaveAttribute('aria-label', 'Page 1');
  await expect(current(carousel)).toHaveAttribute('aria-label', 'Page 2', {
    timeout: BANNER_INTERVAL_MS + 10_000,
  });
  // The browser scrolled the track to it.
  await expect
    .poll(() =>
      carousel
        .locator('ul:has(> li[aria-roledescription="diapositive"])')
        .evaluate((element) => Math.round(element.scrollLeft / element.clientWidth)),
    )
    .toBe(1);
});

test('the carousels work with the keyboard alone; a slide reached by Tab is scrolled into view', async ({
  page,
}) => {
  await page.goto('/');
  const carousel = banner(page);
  const pause = carousel.getByRole('button', { name: 'Pause' });
  await waitForHydration(pause);
  const pages = await carousel.getByRole('button', { name: /^Page \d+$/ }).count();
  expect(pages).toBeGreaterThan(1);
  const showsPage = (n: number) => expect(current(carousel)).toHaveAttribute('aria-label', `Page ${n}`);
  const track = carousel.locator('ul:has(> li[aria-roledescription="diapositive"])');
  const trackPage = () => track.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth));

  // The pause button keeps the focus when it turns into « Lecture »: nothing moves while the reader is at the
  // controls.
  await pause.focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('button', { name: 'Lecture' })).toBeFocused();
  await showsPage(1);

  // The controls come in reading order (previous, indicators, next, pause) and answer Enter and Space.
  await page.keyboard.press('Shift+Tab');
  await expect(carousel.getByRole('button', { name: 'Suivant' })).toBeFocused();
  await page.keyboard.press('Enter');
  await showsPage(2);
  await page.keyboard.press('Space');
  await showsPage((2 % pages) + 1);
  await page.keyboard.press('Shift+Tab');
  await expect(carousel.getByRole('button', { name: `Page ${pages}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await showsPage(pages);
  await expect.poll(trackPage).toBe(pages - 1);

  // Tabbing through the offers' links: the browser scrolls the focused card into view, the indicator follows.
  const offers = page.locator('section[aria-roledescription="carrousel"][aria-label="Les offres du moment"]');
  const links = offers.locator('li[aria-roledescription="diapositive"] a');
  const offerPages = await offers.getByRole('button', { name: /^Page \d+$/ }).count();
  expect(offerPages).toBeGreaterThan(1);
  await links.first().focus();
  await expect(links.last()).not.toBeInViewport();
  const count = await links.count();
  for (let index = 1; index < count; index++) await page.keyboard.press('Tab');
  await expect(links.last()).toBeFocused();
  await expect(links.last()).toBeInViewport();
  await expect(offers.locator('button[aria-current="true"]')).toHaveAttribute(
    'aria-label',
    `Page ${offerPages}`,
  );
  await expect(page).toPassAxe({ include: 'section[aria-roledescription="carrousel"]' });
});
