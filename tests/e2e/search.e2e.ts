import {
  baseUrl,
  DESKTOP,
  expect,
  expectNoAxeViolations,
  MOBILE,
  screenshot,
  test,
  waitForHydration,
} from './support/browser';

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

// Issue 15: multi-choice facets, the more/less toggle, sorting and the mobile filter panel.

test('two years, then two subjects, can be chosen together; other values stay listed', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  const years = () => page.getByRole('region', { name: 'Date' }).locator(':scope > ul > li > a');
  const yearCount = await years().count();
  expect(yearCount).toBeGreaterThan(1);
  const first = ((await years().nth(0).locator('span').nth(1).textContent()) ?? '').trim();
  const second = ((await years().nth(1).locator('span').nth(1).textContent()) ?? '').trim();
  await years().nth(0).click();
  await page.waitForURL(
    (url) => url.searchParams.get('zapette') === JSON.stringify({ date_zapette: [first] }),
  );
  // Disjunctive: the other years are still offered, with their counts.
  await expect.poll(() => years().count()).toBe(yearCount);
  await years().nth(1).click();
  await page.waitForURL((url) => {
    const chosen = JSON.parse(url.searchParams.get('zapette') ?? '{}').date_zapette ?? [];
    return chosen.length === 2 && chosen.includes(first) && chosen.includes(second);
  });
  const subjects = () => page.getByRole('region', { name: 'Matière' }).locator(':scope > ul > li > a');
  await subjects().nth(0).click();
  await page.waitForURL(
    (url) => (JSON.parse(url.searchParams.get('zapette') ?? '{}').matiere ?? []).length === 1,
  );
  await subjects().nth(1).click();
  await page.waitForURL(
    (url) => (JSON.parse(url.searchParams.get('zapette') ?? '{}').matiere ?? []).length === 2,
  );
  expect(await page.locator('[aria-current="true"]').count()).toBe(4);
  await expectNoAxeViolations(page);
  await screenshot(page, 'search-multi-choice-desktop');
});

test('every facet with more values than shown has the more/less toggle', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  const answer = await (
    await fetch(`${baseUrl()}/api/search/results?term=${encodeURIComponent(COMMON_TERM)}`)
  ).json();
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  const titles: Record<string, string> = {
    date_zapette: 'Date',
    matiere: 'Matière',
    theme_quot_zapette: 'Thèmes de La Quotidienne',
    abonnement: 'Abonnement',
  };
  for (const [facet, title] of Object.entries(titles)) {
    const values: { label: string }[] = answer.facets[facet];
    const initial = facet === 'theme_quot_zapette' ? 10 : 5;
    const region = page.getByRole('region', { name: title });
    if (values.length === 0) continue;
    const toggle = region.getByRole('button', { name: /Afficher plus/ });
    expect(await toggle.count(), title).toBe(values.length > initial ? 1 : 0);
    // Subscriptions are named, never by product codes such as MFIN.
    if (facet === 'abonnement') {
      for (const label of await region.locator(':scope > ul > li > a span:nth-child(2)').allTextContents()) {
        expect(label).not.toMatch(/^[A-Z]{2,6}$/);
      }
    }
    if (values.length <= initial) continue;
    await waitForHydration(toggle);
    await toggle.click();
    expect(await region.locator(':scope > ul > li').count()).toBe(Math.min(values.length, initial + 10));
    await region
      .getByRole('button', { name: /Afficher moins|Afficher plus/ })
      .first()
      .waitFor();
  }
});

test('results sort by date from the URL, and facets and pages keep the order', async ({ page }) => {
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  const sort = page.getByRole('navigation', { name: 'Trier les résultats par' });
  expect(await sort.getByRole('link', { name: 'Pertinence' }).getAttribute('aria-current')).toBe('page');
  await sort.getByRole('link', { name: 'Date' }).click();
  await page.waitForURL((url) => url.searchParams.get('tri') === 'date');
  const dates = await page
    .locator('ol article time')
    .evaluateAll((items) => items.map((item) => item.getAttribute('datetime') ?? ''));
  expect(dates.length).toBeGreaterThan(1);
  expect(dates).toEqual([...dates].sort().reverse());
  await page.getByRole('region', { name: 'Matière' }).locator(':scope > ul > li > a').first().click();
  await page.waitForURL((url) => url.searchParams.has('zapette') && url.searchParams.get('tri') === 'date');
  const next = page.getByRole('link', { name: /Page suivante/ });
  if ((await next.count()) > 0) expect(await next.first().getAttribute('href')).toContain('tri=date');
});

test('on mobile the results come first and Filtrer opens the facets in an accessible dialog', async ({
  newPage,
}) => {
  const page = await newPage(MOBILE);
  page.consoleGuard.allow(ANONYMOUS_ME);
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  // The header has a search button where the search bar is hidden.
  const headerSearch = page.getByRole('banner').getByRole('link', { name: 'Rechercher' });
  expect(await headerSearch.isVisible()).toBe(true);
  expect(await headerSearch.getAttribute('href')).toBe('/search');
  const filter = page.getByRole('button', { name: /^Filtrer/ });
  await waitForHydration(filter);
  const results = page.locator('#results-title');
  const filterBox = await filter.boundingBox();
  const resultsBox = await results.boundingBox();
  // The results start within the first screen (the whole panel used to come first, about 2,100 px down), after
  // the Filtrer button; the facets panel is not in the page flow.
  expect(resultsBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(812);
  expect(filterBox?.y ?? 0).toBeLessThan(resultsBox?.y ?? 0);
  expect(await page.getByRole('complementary', { name: 'Affinez votre recherche' }).isVisible()).toBe(false);
  await filter.click();
  const dialog = page.getByRole('dialog', { name: 'Affinez votre recherche' });
  await dialog.waitFor();
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expectNoAxeViolations(page);
  await screenshot(page, 'search-filter-dialog-mobile');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  // Choosing a value from the dialog filters the results.
  await filter.click();
  await dialog.getByRole('region', { name: 'Matière' }).locator(':scope > ul > li > a').first().click();
  await page.waitForURL((url) => url.searchParams.has('zapette'));
  await dialog.getByRole('button', { name: /Fermer/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.getByRole('button', { name: /^Filtrer \(1/ }).count()).toBe(1);
});
