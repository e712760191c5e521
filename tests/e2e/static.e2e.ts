import { DESKTOP, expect, expectNoAxeViolations, MOBILE, screenshot, test } from './support/browser';

const PAGES = [
  ['/librairie', 'La librairie'],
  ['/cgu', 'Conditions générales d’utilisation'],
  ['/cgv', 'Conditions générales de vente'],
  ['/mentions-legales', 'Mentions légales'],
  ['/qui-sommes-nous', 'Qui sommes-nous ?'],
] as const;

test('the bookshop promotes shop products and white papers, opening the shop in a new tab', async ({
  page,
}) => {
  expect((await page.goto('/librairie'))?.status()).toBe(200);
  const offers = page.getByRole('region', { name: 'Les offres du moment' });
  expect(await offers.getByRole('listitem').count()).toBeGreaterThan(0);
  const papers = page.getByRole('region', { name: 'Livres blancs' }).getByRole('link');
  expect(await papers.count()).toBeGreaterThan(0);
  expect(await papers.first().getAttribute('target')).toBe('_blank');
  await screenshot(page, 'bookshop-desktop');
});

for (const [path, title] of PAGES) {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    test(`${path} has its title and no axe violation (${name})`, async ({ newPage }) => {
      const page = await newPage(viewport);
      expect((await page.goto(path))?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expectNoAxeViolations(page);
      if (name === 'mobile') await screenshot(page, `static${path.replaceAll('/', '-')}-mobile`);
    });
  }
}
