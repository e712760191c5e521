import type { Page } from '@playwright/test';
import { DESKTOP, expect, MOBILE, screenshot, test, waitForHydration } from './support/fixtures';

const NEWS_PATH = /^\/actualite\/[A-Za-z0-9-]+_[A-Za-z0-9-]+$/;

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
}

/** The news paths linked inside a part of the page. */
async function newsLinks(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page
    .locator(`${selector} a[href^="/actualite/"]`)
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs.filter((href) => NEWS_PATH.test(href));
}

test('the home page: issue title, news, offers, trade dropdown, solutions, side blocks', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: /La Quotidienne du/ })).toBeVisible();
  expect((await newsLinks(page, 'main')).length).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('heading', { name: 'Les offres du moment' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Toutes les offres/ })).toHaveCount(1);
  await expect(page.getByLabel('Découvrez toutes nos offres pour votre métier')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nos solutions' })).toBeVisible();
  for (const block of ['SIMULATEURS', 'LIVRES BLANCS', 'UNE QUESTION ?']) {
    await expect(page.getByRole('heading', { name: block, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Nos offres à la une' })).toHaveCount(1);
  await expect(page.locator('[data-testid="issue-error"]')).toHaveCount(0);
});

test('?metier= filters the home news by trade', async ({ page, request }) => {
  await open(page, '/?metier=social');
  const paths = await newsLinks(page, 'main');
  expect(paths.length).toBeGreaterThan(0);
  const summary = (await (
    await request.get(
      '/api/article/summary?trade=social&limit=14&type=actualite,videos,podcast,timeline,infographie',
    )
  ).json()) as { news: { id: string }[] };
  const ids = new Set(summary.news.map((item) => item.id));
  const shown = paths.map((path) => path.split('_').at(-1));
  expect(shown.filter((id) => id && ids.has(id)).length).toBeGreaterThanOrEqual(Math.min(8, ids.size));
});

test("the news home: grid, media carousel, blocks, 'Toutes les actualités' and 'Plus d'actualités'", async ({
  page,
}) => {
  await open(page, '/actualite');
  await expect(page.getByRole('heading', { level: 1, name: 'Actualités' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vidéos et podcasts' })).toBeVisible();
  for (const block of ['SIMULATEURS', 'LIVRES BLANCS', 'UNE QUESTION ?']) {
    await expect(page.getByRole('heading', { name: block, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Toutes les actualités' })).toBeVisible();
  const list = 'section[aria-labelledby="liste-actualites"]';
  const before = await newsLinks(page, list);
  expect(before.length).toBeGreaterThan(0);
  const items = page.locator(`${list} li`);
  const itemsBefore = await items.count();
  await page.getByRole('button', { name: "Plus d'actualités" }).click();
  await expect.poll(() => items.count()).toBeGreaterThan(itemsBefore);
  const after = await newsLinks(page, list);
  expect(after.length).toBeGreaterThan(before.length);
  expect(new Set(after).size).toBe(after.length);
  expect(after.slice(0, before.length)).toEqual(before);
  await screenshot(page, 'news-home-more');
});

test('the format filter shapes the whole page: the grid and the list hold that content type', async ({
  page,
  request,
}) => {
  await open(page, '/actualite?format=videos');
  const expected = (await (await request.get('/api/article/summary?type=videos&limit=20')).json()) as {
    news: { id: string }[];
  };
  const ids = expected.news.map((item) => item.id);
  // Rendered on the server (issue 16): the first five in the grid, the next ones in the list.
  const list = 'section[aria-labelledby="liste-actualites"]';
  const listedIds = async () => (await newsLinks(page, list)).map((path) => path.split('_').at(-1));
  expect(await listedIds()).toEqual(ids.slice(5));
  const shown = (await newsLinks(page, 'main')).map((path) => path.split('_').at(-1));
  expect(shown.every((id) => id && ids.includes(id))).toBe(true);
  await expect(page.locator(list)).toHaveCount(1);
});

test('a topic page: its thematic filter, product, carousel and list; a thematic page of two is noindex', async ({
  page,
}) => {
  await open(page, '/actualite/fiscal');
  await expect(page.getByRole('heading', { level: 1, name: 'Actualité : Fiscal' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'ALLER À' });
  const filterBy = page.getByText('FILTRER PAR', { exact: true });
  await expect(picker.or(filterBy)).toHaveCount(1);
  const thematicHrefs =
    (await picker.count()) > 0
      ? await picker
          .locator('option[value^="/actualite/"]')
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
      : await page
          .locator('nav[aria-labelledby="filtrer-par"] a')
          .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(thematicHrefs.length).toBeGreaterThan(1);
  const [first, second] = thematicHrefs.slice(0, 2).map((href) => href.split('/').at(-1));
  const robots = page.locator('meta[name="robots"]');

  await open(page, `/actualite/fiscal/${first}`);
  await expect(robots).toHaveAttribute('content', /max-snippet:-1/);
  await open(page, `/actualite/fiscal/${first}_${second}`);
  await expect(robots).toHaveAttribute('content', /noindex/);
  // An invalid slug is dropped: the reader is sent to the one-thematic page (308), so made-up slugs never make
  // pages of their own.
  await open(page, `/actualite/fiscal/${first}_pas-une-thematique`);
  await expect(page).toHaveURL(new RegExp(`/actualite/fiscal/${first}$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/actualite/fiscal/${first}$`),
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('a topic page has topic and format dropdowns', async ({ page }) => {
    await open(page, '/actualite/social');
    await expect(page.getByRole('combobox', { name: 'Thème' })).toBeVisible();
    const format = page.getByRole('combobox', { name: 'Format' });
    await waitForHydration(format);
    await format.selectOption('podcast');
    await expect(page).toHaveURL(/format=podcast/);
    await screenshot(page, 'topic-mobile');
  });
});

test('unknown topics and paths are not found', async ({ request }) => {
  for (const path of [
    '/actualite/pas-un-theme',
    '/actualite/fiscal/tva/encore',
    '/actualite/sans_id_invalide!',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('sitemap index, sections, taxonomy, Google News sitemap, RSS feeds and robots.txt', async ({
  request,
}) => {
  const text = async (path: string) => (await request.get(path)).text();
  expect(await text('/sitemap.xml')).toContain('<sitemapindex');
  expect(await text('/sitemaps/taxonomie.xml')).toMatch(/<loc>[^<]+\/actualite\/fiscal\/[a-z0-9-]+<\/loc>/);
  expect(await text('/sitemaps/sections.xml')).toMatch(/\/actualite\/social<\/loc>/);
  const news = await request.get('/sitemaps/google-news.xml');
  expect(news.status()).toBe(200);
  expect(await news.text()).toContain('xmlns:news=');
  const rss = await request.get('/rss/fiscal');
  expect(rss.headers()['content-type']).toMatch(/application\/rss\+xml/);
  expect(await rss.text()).toMatch(/<rss version="2.0"[\s\S]*<item>/);
  expect((await request.get('/rss/inconnu')).status()).toBe(404);
  expect(await text('/robots.txt')).toMatch(/User-Agent: \*/i);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on the home, news home and topic pages', async ({ page }) => {
      // Several pages checked by axe: over a minute on a loaded 2-core machine.
      test.slow();
      for (const path of ['/', '/actualite', '/actualite/fiscal', '/actualite/social']) {
        await open(page, path);
        await expect(page.locator('h1')).toBeVisible();
        await expect(page).toPassAxe();
        await screenshot(page, `news${path.replace(/\//g, '-')}-${name}`);
      }
    });
  });
}

test('a reader page asked twice comes from the page cache the second time, and says so', async ({
  request,
}) => {
  // The first answer may already be a copy (another test asked the page): the second one always is.
  const first = await request.get('/actualite/fiscal');
  expect(first.status()).toBe(200);
  expect(['MISS', 'HIT', 'STALE']).toContain(first.headers()['x-cache']);
  const second = await request.get('/actualite/fiscal');
  expect(second.headers()['x-cache']).toBe('HIT');
  // A public read says it too; a request with a session never does.
  await request.get('/api/issue');
  expect((await request.get('/api/issue')).headers()['x-cache']).toBe('HIT');
  // Reads the page cache never keeps say so.
  expect((await request.get('/api/rates')).headers()['x-cache']).toBe('BYPASS');
  expect((await request.get('/rss')).headers()['x-cache']).toBe('BYPASS');
  const withSession = await request.get('/actualite/fiscal', {
    headers: { cookie: 'quotidienne_session=abc' },
  });
  expect(withSession.headers()['x-cache']).toBeUndefined();
});
