import { DESKTOP, expect, expectNoAxeViolations, MOBILE, screenshot, test } from './support/browser';

test('the archive opens on the current month, with years from 2015 and twelve months', async ({ page }) => {
  expect((await page.goto('/archives'))?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toMatch(/^\/archives\/\d{4}\/\d{2}$/);
  const years = page.getByRole('navigation', { name: 'Années des archives' }).getByRole('link');
  expect(await years.first().textContent()).toBe('2015');
  const months = page.getByRole('navigation', { name: /^Mois de \d{4}$/ }).getByRole('listitem');
  expect(await months.count()).toBe(12);
  // Months after the current one cannot be chosen (none in December).
  const [, , month] = new URL(page.url()).pathname.split('/').slice(1);
  expect(await page.locator('[aria-disabled="true"]').count()).toBe(12 - Number(month));
  const results = page.locator('section[aria-labelledby="archives-du-mois"] > ul > li');
  expect(await results.count()).toBeLessThanOrEqual(20);
  await screenshot(page, 'archive-desktop');
});

test('page links move through a month, and invalid values are normalised, never an error', async ({
  page,
}) => {
  expect((await page.goto('/archives/2026/abc/0'))?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/archives/2026/01');
  expect((await page.goto('/archives/1999/13'))?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/archives/2015/01');
  await page.goto('/archives/2026/01');
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' });
  if ((await next.count()) > 0) {
    await next.click();
    await page.waitForURL(/\/archives\/2026\/01\/2$/);
    expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  }
});

test('on a phone, the year is chosen in a dropdown', async ({ newPage }) => {
  const page = await newPage(MOBILE);
  await page.goto('/archives/2024/05');
  expect(await page.getByRole('navigation', { name: 'Années des archives' }).isVisible()).toBe(false);
  await page.getByLabel('Année', { exact: true }).selectOption('2016');
  await page.getByRole('button', { name: 'Afficher' }).click();
  await page.waitForURL(/\/archives\/2016\/01$/);
  await page.getByRole('heading', { level: 2, name: /janvier 2016/i }).waitFor();
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe finds no violation on the archive (${name})`, async ({ newPage }) => {
    const page = await newPage(viewport);
    expect((await page.goto('/archives/2025/06'))?.status()).toBe(200);
    await expectNoAxeViolations(page);
    await screenshot(page, `archive-${name}`);
  });
}
