import { baseUrl, DESKTOP, expect, expectNoAxeViolations, MOBILE, screenshot, test } from './support/browser';

/**
 * An anonymous visitor's /api/eshop/me answers 401, and the site has no favicon yet (404): Chromium logs both as
 * failed resources, neither is the search's doing.
 */
const ANONYMOUS_ME = /status of 401|favicon\.ico/;

/** A word of the demo data common enough to give several pages and every facet. */
const COMMON_TERM = 'impôt';

test('the header suggestion box opens from three characters and is keyboard navigable', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Rechercher' }).first();
  await box.fill('im');
  // Under three characters: no request, no list.
  await page.waitForTimeout(300);
  expect(await box.getAttribute('aria-expanded')).toBe('false');

  await box.fill('impo');
  const listbox = page.getByRole('listbox', { name: 'Suggestions' }).first();
  await listbox.waitFor({ state: 'visible' });
  expect(await box.getAttribute('aria-expanded')).toBe('true');
  const options = listbox.getByRole('option');
  expect(await options.count()).toBeGreaterThan(0);
  expect(await options.first().locator('mark').count()).toBe(1);
  await screenshot(page, 'search-suggestions-desktop');

  await box.press('ArrowDown');
  const activeId = await box.getAttribute('aria-activedescendant');
  expect(activeId).toBeTruthy();
  const active = page.locator(`[id="${activeId}"]`);
  expect(await active.getAttribute('aria-selected')).toBe('true');
  const chosen = (await active.textContent()) ?? '';

  await box.press('Escape');
  expect(await box.getAttribute('aria-expanded')).toBe('false');
  await box.press('ArrowDown');
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search');
  expect(new URL(page.url()).searchParams.get('term')).toBe(chosen);
  await page.getByRole('heading', { level: 1 }).filter({ hasText: chosen }).waitFor();

  // Back under three characters, the list hides.
  await box.fill('');
  await box.fill('impo');
  await listbox.waitFor({ state: 'visible' });
  await box.fill('im');
  await listbox.waitFor({ state: 'hidden' });
});

test('a blank search is not submitted from the header', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Rechercher' }).first();
  await box.fill('   ');
  await box.press('Enter');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/');
});

test('toggling a facet updates the URL, resets the page and narrows the results', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}&page=2`);
  const panel = page.getByRole('complementary', { name: 'Affinez votre recherche' });
  await panel.waitFor();
  const subject = panel.getByRole('region', { name: 'Matière' });
  const firstValue = subject.getByRole('link').first();
  const label = (await firstValue.locator('span').nth(1).textContent()) ?? '';
  await firstValue.click();
  await page.waitForURL((url) => url.searchParams.has('zapette'));
  const url = new URL(page.url());
  expect(JSON.parse(url.searchParams.get('zapette') ?? '{}')).toEqual({ matiere: [label] });
  expect(url.searchParams.has('page')).toBe(false);
  const selected = panel.getByRole('region', { name: 'Matière' }).locator('a[aria-current="true"]');
  await selected.waitFor();
  expect(await selected.textContent()).toContain(label);
  await screenshot(page, 'search-facet-selected-desktop');

  // Choosing it again removes it.
  await selected.click();
  await page.waitForURL((next) => !next.searchParams.has('zapette'));
});

test('a year then one of its months replace each other in the date facet', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  const dates = page.getByRole('region', { name: 'Date' });
  const year = dates.locator(':scope > ul > li').first();
  const yearId = ((await year.getByRole('link').first().locator('span').nth(1).textContent()) ?? '').trim();
  await year.getByRole('link').first().click();
  await page.waitForURL(
    (url) => url.searchParams.get('zapette') === JSON.stringify({ date_zapette: [yearId] }),
  );
  await page
    .getByRole('region', { name: 'Date' })
    .locator(':scope > ul > li')
    .first()
    .locator('ul a')
    .first()
    .click();
  await page.waitForURL((url) => {
    const chosen = JSON.parse(url.searchParams.get('zapette') ?? '{}').date_zapette ?? [];
    return chosen.length === 1 && chosen[0].startsWith(`${yearId}/`);
  });
});

test('facets show five values, then ten more at a time', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto('/search');
  const panel = page.getByRole('complementary', { name: 'Affinez votre recherche' });
  await panel.waitFor();
  // The daily's themes start at ten; the others at five.
  for (const region of await panel.getByRole('region').all()) {
    const name = (await region.getByRole('heading').textContent()) ?? '';
    const shown = await region.locator(':scope > ul > li').count();
    expect(shown).toBeLessThanOrEqual(name === 'Thèmes de La Quotidienne' ? 10 : 5);
    const toggle = region.getByRole('button', { name: /Afficher plus/ });
    if ((await toggle.count()) === 0) continue;
    await toggle.click();
    const more = await region.locator(':scope > ul > li').count();
    expect(more).toBeGreaterThan(shown);
    expect(more).toBeLessThanOrEqual(shown + 10);
  }
});

test('the subscriber tab opens a modal leading to the subscriber product', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  await page.getByRole('link', { name: 'Contenus abonnés : nos fonds documentaires' }).click();
  await page.waitForURL((url) => url.searchParams.get('urType') === 'abonnes');
  const first = page.locator('ol article h3 a').first();
  await first.click();
  const dialog = page.getByRole('dialog', { name: 'Document réservé aux abonnés' });
  await dialog.waitFor();
  const link = dialog.getByRole('link', { name: /Ouvrir le document/ });
  expect(await link.getAttribute('href')).toMatch(/abonnes\/document\/\?id=/);
  await screenshot(page, 'search-subscriber-modal-desktop');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});

test('a search without result says so', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto('/search?term=zzqxwvkj');
  await page.getByText("Votre recherche n'a donné aucun résultat.").waitFor();
});

test('the search page is server-rendered: results, a GET form and facets as links, without JavaScript', async () => {
  // The HTML as a browser without JavaScript receives it.
  const html = await (await fetch(`${baseUrl()}/search?terme=${encodeURIComponent(COMMON_TERM)}`)).text();
  expect(html).toMatch(/<form[^>]*action="\/search"[^>]*method="get"/);
  expect(html).toContain(`value="${COMMON_TERM}"`);
  expect(html).toContain('Affinez votre recherche');
  expect((html.match(/<article/g) ?? []).length).toBeGreaterThan(5);
  expect(html).toMatch(/href="\/search\?term=[^"]*zapette=/);
  const empty = await (await fetch(`${baseUrl()}/search?term=zzqxwvkj`)).text();
  expect(empty).toContain('Votre recherche n&#x27;a donné aucun résultat.');
});

test('the search API answers results with facets and suggestions', async () => {
  const results = await fetch(`${baseUrl()}/api/search/results?term=${encodeURIComponent(COMMON_TERM)}`);
  expect(results.status).toBe(200);
  expect(results.headers.get('cache-control')).toMatch(/no-store|no-cache/);
  const body = await results.json();
  expect(body.results.length).toBeGreaterThan(0);
  expect(Object.keys(body.facets).sort()).toEqual(
    ['abonnement', 'date_zapette', 'matiere', 'metier', 'theme_quot_zapette', 'type_document'].sort(),
  );
  const asArticles = await (await fetch(`${baseUrl()}/api/search/resultsAsArticles?term=tva`)).json();
  expect(asArticles.asArticle).toBe(true);
  const suggestions = await (await fetch(`${baseUrl()}/api/search/suggest?term=imp`)).json();
  expect(suggestions[0]).toMatchObject({
    value: expect.any(String),
    formatedSuggestion: expect.stringContaining('<mark>'),
  });
  const bad = await fetch(`${baseUrl()}/api/search/results?urType=nimporte`);
  expect(bad.status).toBe(400);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe finds no accessibility violation on the search page (${name})`, async ({ newPage }) => {
    const page = await newPage(viewport);
    page.consoleGuard.allow(ANONYMOUS_ME);
    const response = await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('load');
    await page.getByRole('heading', { name: /résultats/ }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, `search-${name}`);
  });
}
