import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DESKTOP, expect, MOBILE, screenshot, test, waitForHydration } from './support/fixtures';
import { publishArticleInTopic, signInAsEditor } from './support/staff';

const SIMULATOR_PATH = /^\/simulateurs\/[A-Za-z0-9-]+_[A-Za-z0-9-]+$/;

async function simulatorPaths(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs.filter((href) => SIMULATOR_PATH.test(href)))];
}

/** Amounts are written the French way, with narrow no-break spaces: matched whatever the spaces. */
function amount(euros: string): RegExp {
  return new RegExp(`${euros.split('').join('\\s*')}\\s*€`);
}

test('the simulators list links to simulator pages that frame a working simulator with its source', async ({
  page,
}) => {
  expect((await page.goto('/simulateurs'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Simulateurs en ligne' })).toBeVisible();
  const paths = await simulatorPaths(page);
  expect(paths.length).toBeGreaterThanOrEqual(3);

  const incomeTax = paths.find((path) => path.includes('impot-revenu'));
  if (!incomeTax) throw new Error('no income tax simulator listed');
  expect((await page.goto(incomeTax))?.status()).toBe(200);
  await expect(
    page.getByText(/Source officielle \(2025\) : Barème de l’impôt sur le revenu 2025/),
  ).toBeVisible();
  await page.locator('iframe[title^="Simulateur"]').scrollIntoViewIfNeeded();
  const frame = page.frameLocator('iframe[title^="Simulateur"]');
  await frame.getByLabel('Revenu net imposable du foyer (en euros)').fill('30000');
  await frame.getByRole('button', { name: 'Calculer l’impôt' }).click();
  await expect(frame.getByRole('region', { name: 'Résultat' })).toContainText(amount('2165'));
  await screenshot(page, 'simulator-desktop');
});

test('a simulator is also reached by its id, and the three embedded simulators answer', async ({
  page,
  request,
}) => {
  await page.goto('/simulateurs');
  const [first] = await simulatorPaths(page);
  const id = first?.split('_').at(-1) ?? '';
  expect((await page.goto(`/simulateurs/${id}`))?.status()).toBe(200);
  await expect(page.locator('iframe[title^="Simulateur"]')).toBeVisible();
  for (const name of ['impot-revenu', 'indemnite-licenciement', 'bareme-kilometrique']) {
    const response = await request.get(`/embed/${name}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('Source officielle');
  }
});

test('the severance pay simulator computes the example of service-public.fr', async ({ page }) => {
  expect((await page.goto('/embed/indemnite-licenciement'))?.status()).toBe(200);
  await page.getByLabel('Ancienneté : années complètes').fill('14');
  await page.getByLabel('Ancienneté : mois complets en plus (0 à 11)').fill('8');
  await page.getByLabel('Salaire brut mensuel moyen des 12 derniers mois (en euros)').fill('1700');
  await page.getByLabel('Salaire brut mensuel moyen des 3 derniers mois (en euros)').fill('1800');
  await page.getByRole('button', { name: 'Calculer l’indemnité' }).click();
  await expect(page.getByRole('region', { name: 'Résultat' })).toContainText(amount('7300'));
  await expect(page).toPassAxe();
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on the simulators and a simulator page', async ({ page }) => {
      expect((await page.goto('/simulateurs'))?.status()).toBe(200);
      await expect(page).toPassAxe();
      const [first] = await simulatorPaths(page);
      if (!first) throw new Error('no simulator listed');
      expect((await page.goto(first))?.status()).toBe(200);
      await expect(page.locator('iframe[title^="Simulateur"]')).toBeVisible();
      await expect(page).toPassAxe();
      await screenshot(page, `simulator-${name}`);
    });
  });
}

test('a simulator titled with another year than its scale says which year applies and why', async ({
  page,
}) => {
  await page.goto('/simulateurs');
  const titled = page.getByRole('link', { name: /^Simulateur des frais kilométriques 20\d\d$/ });
  const names = await titled.allTextContents();
  const other = names.find((name) => !name.endsWith('2025'));
  if (!other) throw new Error(`no mileage simulator titled with another year than 2025: ${names.join(', ')}`);
  const year = other.slice(-4);
  await titled.filter({ hasText: other }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: other })).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(`^Pour ${year}, ce simulateur applique les règles de 2025 : l’administration fiscale`),
    ),
  ).toBeVisible();
});

test('the simulators by topic offer no empty family, on the simulators page and the home', async ({
  page,
}) => {
  await page.goto('/simulateurs');
  const main = page.getByRole('main');
  await expect(main.locator('a[href="/simulateurs/fiscal"]').first()).toBeVisible();
  // The seeded site has no simulator in « droit des affaires ».
  await expect(main.locator('a[href="/simulateurs/affaires"]')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'SIMULATEURS' }).getByRole('link').first()).toBeVisible();
  await expect(main.locator('a[href="/simulateurs/affaires"]')).toHaveCount(0);
});

const BUSINESS_LAW = 'a[href="/simulateurs/affaires"]';

/** The list the header's « Simulateurs » menu unfolds, opened as a reader opens it on a desktop or on a phone. */
async function openSimulatorsMenu(page: Page): Promise<Locator> {
  const burger = page.getByRole('button', { name: 'Menu', exact: true });
  const within = (await burger.isVisible())
    ? page.getByRole('dialog', { name: 'Menu' })
    : page.getByRole('navigation', { name: 'Navigation principale' });
  if (await burger.isVisible()) {
    await waitForHydration(burger);
    await burger.click();
  }
  const trigger = within.getByRole('button', { name: 'Simulateurs', exact: true });
  await waitForHydration(trigger);
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
}

/** A news article page: it records its tags as it renders, its menu's with them (decision 073). */
async function newsArticlePath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/actualite/fiscal')).text();
  const path = /href="(\/actualite\/[^"/?#]+_[A-Za-z0-9-]+)"/.exec(html)?.[1];
  if (!path) throw new Error('no news article linked from /actualite/fiscal');
  return path;
}

test('the header’s « Simulateurs » menu lists no empty family, and lists one at its first simulator', async ({
  page,
  newPage,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  const article = await newsArticlePath(request);
  expect(await (await request.get(article)).text()).not.toContain('/simulateurs/affaires');
  const phone = await newPage(MOBILE);
  for (const reader of [page, phone]) {
    expect((await reader.goto(article))?.status()).toBe(200);
    const menu = await openSimulatorsMenu(reader);
    await expect(menu.locator('a[href="/simulateurs/fiscal"]')).toBeVisible();
    // « Tous les simulateurs » (« Tout : Simulateurs » in the burger, which leads each list with its section).
    await expect(menu.locator('a[href="/simulateurs"]')).toBeVisible();
    // The seeded site has no simulator in « droit des affaires »: its page would list nothing.
    await expect(menu.locator(BUSINESS_LAW)).toHaveCount(0);
  }
  await expect(page).toPassAxe({ include: 'header' });

  await signInAsEditor(page, consoleGuard);
  const published = await publishArticleInTopic(page, 'affaires', {
    type: 'simulateur',
    title: `Simulateur de l’indemnité d’éviction ${Date.now()}`,
    summary: 'Estimez l’indemnité due au locataire commercial évincé.',
    view: '<p>Le simulateur estime l’indemnité principale et les indemnités accessoires.</p>',
    simulator_url: '/embed/indemnite-licenciement',
  });

  try {
    // The article page's cached copy is refreshed at once: its menu hid the family.
    await expect
      .poll(async () => (await request.get(article)).text(), { timeout: 5_000, intervals: [200] })
      .toContain('/simulateurs/affaires');
    for (const reader of [page, phone]) {
      await reader.goto(article);
      const menu = await openSimulatorsMenu(reader);
      await expect(menu.locator(BUSINESS_LAW)).toHaveText('Affaires');
    }
  } finally {
    // The other specs read the seeded site: no simulator in « droit des affaires ».
    await published.unpublish();
  }
});
