import { DESKTOP, expect, MOBILE, screenshot, test, waitForHydration } from './support/fixtures';

test('the archive opens on the current month, with years from 2015 and twelve months', async ({ page }) => {
  expect((await page.goto('/archives'))?.status()).toBe(200);
  await expect(page).toHaveURL(/\/archives\/\d{4}\/\d{2}$/);
  const years = page.getByRole('navigation', { name: 'Années des archives' }).getByRole('link');
  await expect(years.first()).toHaveText('2015');
  const months = page.getByRole('navigation', { name: /^Mois de \d{4}$/ }).getByRole('listitem');
  await expect(months).toHaveCount(12);
  // Months after the current one cannot be chosen (none in December).
  const [, , month] = new URL(page.url()).pathname.split('/').slice(1);
  await expect(page.locator('[aria-disabled="true"]')).toHaveCount(12 - Number(month));
  const results = page.locator('section[aria-labelledby="archives-du-mois"] > ul > li');
  expect(await results.count()).toBeLessThanOrEqual(20);
  await screenshot(page, 'archive-desktop');
});

test('page links move through a month, and invalid values are normalised, never an error', async ({
  page,
}) => {
  expect((await page.goto('/archives/2026/abc/0'))?.status()).toBe(200);
  await expect(page).toHaveURL(/\/archives\/2026\/01$/);
  expect((await page.goto('/archives/1999/13'))?.status()).toBe(200);
  await expect(page).toHaveURL(/\/archives\/2015\/01$/);
  await page.goto('/archives/2026/01');
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' });
  if ((await next.count()) > 0) {
    await next.click();
    await expect(page).toHaveURL(/\/archives\/2026\/01\/2$/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  }
});

test('a year out of the archive opens its nearest year, by one rule', async ({ page }) => {
  await page.goto('/archives/1969/01');
  await expect(page).toHaveURL(/\/archives\/2015\/01$/);
  await page.goto('/archives/2014');
  await expect(page).toHaveURL(/\/archives\/2015\/01$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the year chosen in the dropdown opens, its months with it, without another button', async ({
    page,
  }) => {
    await page.goto('/archives/2024/05');
    await expect(page.getByRole('navigation', { name: 'Années des archives' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Afficher' })).toHaveCount(0);
    const select = page.getByLabel('Année', { exact: true });
    await waitForHydration(select);
    await select.selectOption('2016');
    await expect(page).toHaveURL(/\/archives\/2016\/01$/);
    await expect(page.getByRole('heading', { level: 2, name: /janvier 2016/i })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mois de 2016' })).toBeVisible();
  });
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on the archive', async ({ page }) => {
      expect((await page.goto('/archives/2025/06'))?.status()).toBe(200);
      await expect(page).toPassAxe();
      await screenshot(page, `archive-${name}`);
    });
  });
}

test('a redirect rendered by a page sends its Location once (clients that join repeated headers follow it)', async ({
  request,
  baseURL,
}) => {
  for (const path of ['/archives', '/archives/2026']) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status()).toBe(307);
    const locations = answer.headersArray().filter((header) => header.name.toLowerCase() === 'location');
    expect(locations).toHaveLength(1);
    expect(locations[0]?.value).toMatch(/^\/archives\/\d{4}\/\d{2}$/);
  }
  // Node's fetch joins repeated headers: it followed "/archives/2026/11, /archives/2026/11" into a loop.
  const followed = await fetch(new URL('/archives', baseURL));
  expect(followed.status).toBe(200);
});
