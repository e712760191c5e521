import { DESKTOP, expect, MOBILE, screenshot, test } from './support/fixtures';

const PAGES = [
  ['/librairie', 'La librairie'],
  ['/cgu', 'Conditions générales d’utilisation'],
  ['/cgv', 'Conditions générales de vente'],
  ['/mentions-legales', 'Mentions légales'],
  ['/qui-sommes-nous', 'Qui sommes-nous ?'],
  ['/confidentialite', 'Données personnelles et cookies'],
] as const;

test('the bookshop promotes shop products and white papers, opening the shop in a new tab', async ({
  page,
}) => {
  expect((await page.goto('/librairie'))?.status()).toBe(200);
  const offers = page.getByRole('region', { name: 'Les offres du moment' });
  await expect(offers.getByRole('listitem')).not.toHaveCount(0);
  const papers = page.getByRole('region', { name: 'Livres blancs' }).getByRole('link');
  await expect(papers).not.toHaveCount(0);
  await expect(papers.first()).toHaveAttribute('target', '_blank');
  await screenshot(page, 'bookshop-desktop');
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    for (const [path, title] of PAGES) {
      test(`${path} has its title and no axe violation`, async ({ page }) => {
        expect((await page.goto(path))?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page).toPassAxe();
        if (name === 'mobile') await screenshot(page, `static${path.replaceAll('/', '-')}-mobile`);
      });
    }
  });
}
