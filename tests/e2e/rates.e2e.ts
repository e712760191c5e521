import type { Page } from '@playwright/test';
import { DESKTOP, expect, MOBILE, screenshot, test } from './support/fixtures';

const RATES_ARTICLE = /^\/chiffres-taux\/[A-Za-z0-9-]+_[A-Za-z0-9-]+$/;

async function ratesPaths(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs.filter((href) => RATES_ARTICLE.test(href)))];
}

test('figures and rates: a showcase of 5, groups by thematic, more on demand and the article', async ({
  page,
}) => {
  const response = await page.goto('/chiffres-taux');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Chiffres et taux' })).toBeVisible();
  const showcase = page.getByRole('region', { name: 'Les derniers chiffres et taux' });
  await expect(showcase.getByRole('listitem')).toHaveCount(5);
  const before = await ratesPaths(page);
  expect(before.length).toBeGreaterThan(5);

  const more = page.getByRole('button', { name: 'Voir plus de chiffres et taux' });
  if (await more.isVisible()) {
    await more.click();
    await expect.poll(async () => (await ratesPaths(page)).length).toBeGreaterThan(before.length);
  }

  // The scroll-to-top button of the layout brings the reader back up.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: 'Revenir en haut de la page' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await screenshot(page, 'rates-desktop');

  const [first] = before;
  if (!first) throw new Error('no rates article');
  const article = await page.goto(first);
  expect(article?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(first);
  await expect(page.locator('h1').first()).toBeVisible();
});

test('a rates topic page lists only its topic and offers its thematics', async ({ page }) => {
  expect((await page.goto('/chiffres-taux/social'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /Chiffres et taux : social/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Social' }).first()).toHaveAttribute('aria-current', 'page');
  const thematics = page.getByRole('navigation', { name: 'Thématiques' }).getByRole('link');
  if ((await thematics.count()) > 0) {
    await expect(thematics.first()).toHaveAttribute('href', /^\/chiffres-taux\/social\/[a-z0-9-]+$/);
    const href = (await thematics.first().getAttribute('href')) ?? '';
    expect((await page.goto(href))?.status()).toBe(200);
  }
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on figures and rates', async ({ page }) => {
      expect((await page.goto('/chiffres-taux'))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toPassAxe();
      await screenshot(page, `rates-${name}`);
    });
  });
}
