import type { Page } from '@playwright/test';
import { baseUrl, DESKTOP, expect, MOBILE, screenshot, test } from './support/fixtures';

/** A news path: /actualite/{slug}_{id} (an enriched news adds #{articleId}, which is not part of the path). */
const NEWS_PATH = /^\/actualite\/[A-Za-z0-9-]+_[A-Za-z0-9-]+$/;
const MIN_NEWS_LINKS = 8;

/** The distinct news paths linked from the page (same-origin links only). */
async function newsPaths(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(baseUrl()).origin;
  const paths = hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && NEWS_PATH.test(url.pathname))
    .map((url) => url.pathname);
  return [...new Set(paths)];
}

test('the home page shows the daily issue and links to its news', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(
    page
      .locator('h1, h2')
      .filter({ hasText: /La Quotidienne du \S+/ })
      .first(),
  ).toBeVisible();
  expect((await newsPaths(page)).length).toBeGreaterThanOrEqual(MIN_NEWS_LINKS);
  await screenshot(page, 'home-desktop');
});

test('following a news link of the home page opens the article', async ({ page }) => {
  await page.goto('/');
  const [first] = await newsPaths(page);
  if (!first) throw new Error('the home page links to no news');
  const response = await page.goto(first);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(first);
  await expect(page.locator('h1').first()).toBeVisible();
});

test('GET /api/health answers 200 {"status":"ok"}', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({ status: 'ok' });
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test(`axe finds no accessibility violation on the home page (${viewport.width}x${viewport.height})`, async ({
      page,
    }) => {
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      await page.waitForLoadState('load');
      await expect(page).toPassAxe();
      if (name === 'mobile') await screenshot(page, 'home-mobile');
    });
  });
}
