import {
  DESKTOP,
  expect,
  MOBILE,
  SCRIPT_PRELOAD_REFUSED_WITHOUT_JAVASCRIPT,
  screenshot,
  test,
  waitForHydration,
} from './support/fixtures';

/** The site has no favicon yet (404): Chromium logs it as a failed resource, which is not the search's doing. */
const MISSING_FAVICON = /favicon\.ico/;

/** A word of the demo data common enough to give several pages and every facet. */
const COMMON_TERM = 'impôt';

test.beforeEach(({ consoleGuard }) => {
  consoleGuard.allow(MISSING_FAVICON);
});

test('the header suggestion box opens from three characters and is keyboard navigable', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/search/suggest') asked.push(url.searchParams.get('term') ?? '');
  });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Rechercher' }).first();
  await box.fill('im');
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.fill('impo');
  const listbox = page.getByRole('listbox', { name: 'Suggestions' }).first();
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // Under three characters nothing was asked: the only request is for the four typed.
  expect(asked).toEqual(['impo']);
  const options = listbox.getByRole('option');
  await expect(options).not.toHaveCount(0);
  await expect(options.first().locator('mark')).toHaveCount(1);
  await screenshot(page, 'search-suggestions-desktop');

  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  const activeId = (await box.getAttribute('aria-activedescendant')) ?? '';
  const active = page.locator(`[id="${activeId}"]`);
  await expect(active).toHaveAttribute('aria-selected', 'true');
  const chosen = (await active.textContent()) ?? '';

  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/search' && url.searchParams.get('term') === chosen,
  );
  await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: chosen })).toBeVisible();

  // Back under three characters, the list hides.
  await box.fill('');
  await box.fill('impo');
  await expect(listbox).toBeVisible();
  await box.fill('im');
  await expect(listbox).toBeHidden();
});

test('a blank search is not submitted from the header', async ({ page }) => {
  await page.goto('/');
  const searchedTerms: (string | null)[] = [];
  page.on('framenavigated', (frame) => {
    const url = new URL(frame.url());
    if (frame === page.mainFrame() && url.pathname === '/search')
      searchedTerms.push(url.searchParams.get('term'));
  });
  const box = page.getByRole('combobox', { name: 'Rechercher' }).first();
  await box.fill('   ');
  await box.press('Enter');
  // A real search afterwards: had the blank one been submitted, its navigation would have come first.
  await box.fill(COMMON_TERM);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?/);
  expect(searchedTerms.length).toBeGreaterThan(0);
  expect(searchedTerms.every((term) => term === COMMON_TERM)).toBe(true);
});

test('toggling a facet updates the URL, resets the page and narrows the results', async ({ page }) => {
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}&page=2`);
  const panel = page.getByRole('complementary', { name: 'Affinez votre recherche' });
  await expect(panel).toBeVisible();
  const subject = panel.getByRole('region', { name: 'Matière' });
  const firstValue = subject.getByRole('link').first();
  const label = (await firstValue.locator('span').nth(1).textContent()) ?? '';
  await firstValue.click();
  await expect(page).toHaveURL((url) => url.searchParams.has('zapette'));
  const url = new URL(page.url());
  expect(JSON.parse(url.searchParams.get('zapette') ?? '{}')).toEqual({ matiere: [label] });
  expect(url.searchParams.has('page')).toBe(false);
  const selected = panel.getByRole('region', { name: 'Matière' }).locator('a[aria-current="true"]');
  await expect(selected).toContainText(label);
  await screenshot(page, 'search-facet-selected-desktop');

  // Choosing it again removes it.
  await selected.click();
  await expect(page).toHaveURL((next) => !next.searchParams.has('zapette'));
});

test('a year then one of its months replace each other in the date facet', async ({ page }) => {
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  const firstYear = () => page.getByRole('region', { name: 'Date' }).locator(':scope > ul > li').first();
  const yearId = (
    (await firstYear().getByRole('link').first().locator('span').nth(1).textContent()) ?? ''
  ).trim();
  await firstYear().getByRole('link').first().click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('zapette') === JSON.stringify({ date_zapette: [yearId] }),
  );
  await firstYear().locator('ul a').first().click();
  await expect(page).toHaveURL((url) => {
    const chosen = JSON.parse(url.searchParams.get('zapette') ?? '{}').date_zapette ?? [];
    return chosen.length === 1 && chosen[0].startsWith(`${yearId}/`);
  });
});

test('facets show five values, then ten more at a time', async ({ page }) => {
  await page.goto('/search');
  const panel = page.getByRole('complementary', { name: 'Affinez votre recherche' });
  await expect(panel).toBeVisible();
  // The daily's themes start at ten; the others at five.
  for (const region of await panel.getByRole('region').all()) {
    const name = (await region.getByRole('heading').textContent()) ?? '';
    const values = region.locator(':scope > ul > li');
    const shown = await values.count();
    expect(shown).toBeLessThanOrEqual(name === 'Thèmes de La Quotidienne' ? 10 : 5);
    const toggle = region.getByRole('button', { name: /Afficher plus/ });
    if ((await toggle.count()) === 0) continue;
    await toggle.click();
    await expect.poll(() => values.count()).toBeGreaterThan(shown);
    expect(await values.count()).toBeLessThanOrEqual(shown + 10);
  }
});

test('the subscriber tab opens a modal leading to the subscriber product', async ({ page }) => {
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  await page.getByRole('link', { name: 'Contenus abonnés : nos fonds documentaires' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('urType') === 'abonnes');
  await page.locator('ol article h3 a').first().click();
  const dialog = page.getByRole('dialog', { name: 'Document réservé aux abonnés' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Ouvrir le document/ })).toHaveAttribute(
    'href',
    /abonnes\/document\/\?id=/,
  );
  await screenshot(page, 'search-subscriber-modal-desktop');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a search without result says so', async ({ page }) => {
  await page.goto('/search?term=zzqxwvkj');
  await expect(page.getByText("Votre recherche n'a donné aucun résultat.")).toBeVisible();
});

test('the search page is server-rendered: results, a GET form and facets as links, without JavaScript', async ({
  request,
}) => {
  // The HTML as a browser without JavaScript receives it.
  const html = await (await request.get(`/search?terme=${encodeURIComponent(COMMON_TERM)}`)).text();
  expect(html).toMatch(/<form[^>]*action="\/search"[^>]*method="get"/);
  expect(html).toContain(`value="${COMMON_TERM}"`);
  expect(html).toContain('Affinez votre recherche');
  expect((html.match(/<article/g) ?? []).length).toBeGreaterThan(5);
  expect(html).toMatch(/href="\/search\?term=[^"]*zapette=/);
  const empty = await (await request.get('/search?term=zzqxwvkj')).text();
  expect(empty).toContain('Votre recherche n&#x27;a donné aucun résultat.');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a reader sees the results, not a loading state, and narrows them by a facet link', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(SCRIPT_PRELOAD_REFUSED_WITHOUT_JAVASCRIPT);
    await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
    const results = page.getByRole('main').locator('article');
    await expect(results.first()).toBeVisible();
    expect(await results.count()).toBeGreaterThan(5);
    await expect(page.getByText('Chargement...')).toBeHidden();
    const subject = page
      .getByRole('complementary', { name: 'Affinez votre recherche' })
      .getByRole('region', { name: 'Matière' });
    const firstValue = subject.getByRole('link').first();
    const label = (await firstValue.locator('span').nth(1).textContent()) ?? '';
    await firstValue.click();
    await expect(page).toHaveURL((url) => url.searchParams.has('zapette'));
    await expect(subject.locator('a[aria-current="true"]')).toContainText(label);
    await expect(results.first()).toBeVisible();
  });
});

test('the search API answers results with facets and suggestions', async ({ request }) => {
  const results = await request.get(`/api/search/results?term=${encodeURIComponent(COMMON_TERM)}`);
  expect(results.status()).toBe(200);
  expect(results.headers()['cache-control']).toMatch(/no-store|no-cache/);
  const body = await results.json();
  expect(body.results.length).toBeGreaterThan(0);
  expect(Object.keys(body.facets).sort()).toEqual(
    ['abonnement', 'date_zapette', 'matiere', 'metier', 'theme_quot_zapette', 'type_document'].sort(),
  );
  const asArticles = await (await request.get('/api/search/resultsAsArticles?term=tva')).json();
  expect(asArticles.asArticle).toBe(true);
  const suggestions = await (await request.get('/api/search/suggest?term=imp')).json();
  expect(suggestions[0]).toMatchObject({
    value: expect.any(String),
    formatedSuggestion: expect.stringContaining('<mark>'),
  });
  expect((await request.get('/api/search/results?urType=nimporte')).status()).toBe(400);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no accessibility violation on the search page', async ({ page }) => {
      const response = await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState('load');
      await expect(page.getByRole('heading', { name: /résultats/ })).toBeVisible();
      await expect(page).toPassAxe();
      await screenshot(page, `search-${name}`);
    });
  });
}

// Issue 15: multi-choice facets, the more/less toggle, sorting and the mobile filter panel.

test('two years, then two subjects, can be chosen together; other values stay listed', async ({ page }) => {
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  const years = page.getByRole('region', { name: 'Date' }).locator(':scope > ul > li > a');
  const yearCount = await years.count();
  expect(yearCount).toBeGreaterThan(1);
  const first = ((await years.nth(0).locator('span').nth(1).textContent()) ?? '').trim();
  const second = ((await years.nth(1).locator('span').nth(1).textContent()) ?? '').trim();
  await years.nth(0).click();
  await page.waitForURL(
    (url) => url.searchParams.get('zapette') === JSON.stringify({ date_zapette: [first] }),
  );
  // Disjunctive: the other years are still offered, with their counts.
  await expect(years).toHaveCount(yearCount);
  await years.nth(1).click();
  await page.waitForURL((url) => {
    const chosen = JSON.parse(url.searchParams.get('zapette') ?? '{}').date_zapette ?? [];
    return chosen.length === 2 && chosen.includes(first) && chosen.includes(second);
  });
  const subjects = page.getByRole('region', { name: 'Matière' }).locator(':scope > ul > li > a');
  await subjects.nth(0).click();
  await page.waitForURL(
    (url) => (JSON.parse(url.searchParams.get('zapette') ?? '{}').matiere ?? []).length === 1,
  );
  await subjects.nth(1).click();
  await page.waitForURL(
    (url) => (JSON.parse(url.searchParams.get('zapette') ?? '{}').matiere ?? []).length === 2,
  );
  await expect(page.locator('[aria-current="true"]')).toHaveCount(4);
  await expect(page).toPassAxe();
  await screenshot(page, 'search-multi-choice-desktop');
});

test('every facet with more values than shown has the more/less toggle', async ({ page, request }) => {
  const answer = await (
    await request.get(`/api/search/results?term=${encodeURIComponent(COMMON_TERM)}`)
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
    if (values.length === 0) continue;
    const region = page.getByRole('region', { name: title });
    const toggle = region.getByRole('button', { name: /Afficher plus/ });
    await expect(toggle, title).toHaveCount(values.length > initial ? 1 : 0);
    // Subscriptions are named, never by product codes such as MFIN.
    if (facet === 'abonnement') {
      for (const label of await region.locator(':scope > ul > li > a span:nth-child(2)').allTextContents()) {
        expect(label).not.toMatch(/^[A-Z]{2,6}$/);
      }
    }
    if (values.length <= initial) continue;
    await waitForHydration(toggle);
    await toggle.click();
    await expect(region.locator(':scope > ul > li')).toHaveCount(Math.min(values.length, initial + 10));
  }
});

test('results sort by date from the URL, and facets and pages keep the order', async ({ page }) => {
  await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
  const sort = page.getByRole('navigation', { name: 'Trier les résultats par' });
  await expect(sort.getByRole('link', { name: 'Pertinence' })).toHaveAttribute('aria-current', 'page');
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
  if ((await next.count()) > 0) await expect(next.first()).toHaveAttribute('href', /tri=date/);
});

test.describe('mobile filter panel', () => {
  test.use({ viewport: MOBILE });

  test('the results come first and Filtrer opens the facets in an accessible dialog', async ({ page }) => {
    await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
    // The header has a search button where the search bar is hidden.
    const headerSearch = page.getByRole('banner').getByRole('link', { name: 'Rechercher' });
    await expect(headerSearch).toBeVisible();
    await expect(headerSearch).toHaveAttribute('href', '/search');
    const filter = page.getByRole('button', { name: /^Filtrer/ });
    await waitForHydration(filter);
    const filterBox = await filter.boundingBox();
    const resultsBox = await page.locator('#results-title').boundingBox();
    // The results start within the first screen (the whole panel used to come first, about 2,100 px down), after
    // the Filtrer button; the facets panel is not in the page flow.
    expect(resultsBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(812);
    expect(filterBox?.y ?? 0).toBeLessThan(resultsBox?.y ?? 0);
    await expect(page.getByRole('complementary', { name: 'Affinez votre recherche' })).toBeHidden();
    await filter.click();
    const dialog = page.getByRole('dialog', { name: 'Affinez votre recherche' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(page).toPassAxe();
    await screenshot(page, 'search-filter-dialog-mobile');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Choosing a value from the dialog filters the results.
    await filter.click();
    await dialog.getByRole('region', { name: 'Matière' }).locator(':scope > ul > li > a').first().click();
    await page.waitForURL((url) => url.searchParams.has('zapette'));
    await dialog.getByRole('button', { name: /Fermer/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /^Filtrer \(1/ })).toHaveCount(1);
  });
});

test.describe('mobile search page', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('nothing moves when the page hydrates: the Filtrer button is in the server HTML', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.total += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/search?term=${encodeURIComponent(COMMON_TERM)}`);
    const filter = page.getByRole('button', { name: /^Filtrer/ });
    await waitForHydration(filter);
    await expect(filter).toBeEnabled();
    const shift = await page.evaluate(
      () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
    );
    // The button inserted at hydration moved the results by 0.49; under 0.1 is a good score (Web Vitals), what is
    // left being a line of a snippet that may rewrap when the web fonts arrive (decision 045).
    expect(shift).toBeLessThan(0.1);
    const html = await (await page.request.get(`/search?term=${encodeURIComponent(COMMON_TERM)}`)).text();
    expect(html).toMatch(/<button[^>]*data-bouton-filtrer[^>]*disabled/);
  });
});

// Issue 15 item 6: a pasted paragraph lands on the page of the text searched (its first 12 words).

test('a text longer than a search reads shows the page of the text searched, with axe', async ({ page }) => {
  const pasted = [COMMON_TERM, ...Array.from({ length: 29 }, (_, index) => `mot${index + 1}`)].join(' ');
  const response = await page.goto(`/search?term=${encodeURIComponent(pasted)}&tri=date`);
  expect(response?.status()).toBe(200);
  const searched = pasted.split(' ').slice(0, 12).join(' ');
  await expect(page).toHaveURL((url) => url.searchParams.get('term') === searched);
  expect(new URL(page.url()).searchParams.get('tri')).toBe('date');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Résultats pour « ${searched} »`);
  await expect(page.getByRole('searchbox', { name: 'Votre recherche' })).toHaveValue(searched);
  await expect(page).toPassAxe();
});
