import type { Page } from 'playwright-core';
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

/** Visitors without a session get a 401 from GET /api/eshop/me, which the browser logs: expected. */
const ANONYMOUS_ME = /\/api\/eshop\/me/;
const NEWS_PATH = /^\/actualite\/[A-Za-z0-9-]+_[A-Za-z0-9-]+$/;

type Opener = (viewport?: typeof DESKTOP) => Promise<Page & { consoleGuard: { allow(p: RegExp): void } }>;

async function open(newPage: Opener, path: string, viewport = DESKTOP) {
  const page = await newPage(viewport);
  page.consoleGuard.allow(ANONYMOUS_ME);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return page;
}

/** The news paths linked inside a part of the page. */
async function newsLinks(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page
    .locator(`${selector} a[href^="/actualite/"]`)
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs.filter((href) => NEWS_PATH.test(href));
}

test('the home page: issue title, news, offers, trade dropdown, solutions, side blocks', async ({
  newPage,
}) => {
  const page = await open(newPage, '/');
  await page.getByRole('heading', { level: 1, name: /La Quotidienne du/ }).waitFor();
  expect((await newsLinks(page, 'main')).length).toBeGreaterThanOrEqual(8);
  await page.getByRole('heading', { name: 'Les offres du moment' }).waitFor();
  expect(await page.getByRole('link', { name: /Toutes les offres/ }).count()).toBe(1);
  await page.getByLabel('Découvrez toutes nos offres pour votre métier').waitFor();
  await page.getByRole('heading', { name: 'Nos solutions' }).waitFor();
  for (const block of ['SIMULATEURS', 'LIVRES BLANCS', 'UNE QUESTION ?']) {
    await page.getByRole('heading', { name: block, exact: true }).waitFor();
  }
  expect(await page.getByRole('region', { name: 'Nos offres à la une' }).count()).toBe(1);
  expect(await page.locator('[data-testid="issue-error"]').count()).toBe(0);
});

test('?metier= filters the home news by trade', async ({ newPage }) => {
  const page = await open(newPage, '/?metier=social');
  const paths = await newsLinks(page, 'main');
  expect(paths.length).toBeGreaterThan(0);
  const summary = (await (
    await fetch(
      `${baseUrl()}/api/article/summary?trade=social&limit=14&type=actualite,videos,podcast,timeline,infographie`,
    )
  ).json()) as { news: { id: string }[] };
  const ids = new Set(summary.news.map((item) => item.id));
  const shown = paths.map((path) => path.split('_').at(-1));
  expect(shown.filter((id) => id && ids.has(id)).length).toBeGreaterThanOrEqual(Math.min(8, ids.size));
});

test("the news home: grid, media carousel, blocks, 'Toutes les actualités' and 'Plus d'actualités'", async ({
  newPage,
}) => {
  const page = await open(newPage, '/actualite');
  await page.getByRole('heading', { level: 1, name: 'Actualités' }).waitFor();
  await page.getByRole('heading', { name: 'Vidéos et podcasts' }).waitFor();
  for (const block of ['SIMULATEURS', 'LIVRES BLANCS', 'UNE QUESTION ?']) {
    await page.getByRole('heading', { name: block, exact: true }).waitFor();
  }
  await page.getByRole('heading', { name: 'Toutes les actualités' }).waitFor();
  const list = 'section[aria-labelledby="liste-actualites"]';
  const before = await newsLinks(page, list);
  expect(before.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: "Plus d'actualités" }).click();
  await page.waitForFunction(
    ([selector, count]) => document.querySelectorAll(`${selector} li`).length > Number(count),
    [list, before.length] as const,
  );
  const after = await newsLinks(page, list);
  expect(after.length).toBeGreaterThan(before.length);
  expect(new Set(after).size).toBe(after.length);
  expect(after.slice(0, before.length)).toEqual(before);
  await screenshot(page, 'news-home-more');
});

test('the format filter reloads the list with that content type', async ({ newPage }) => {
  const page = await open(newPage, '/actualite?format=videos');
  const list = page.locator('section[aria-labelledby="liste-actualites"]');
  const expected = (await (await fetch(`${baseUrl()}/api/article/summary?type=videos&limit=10`)).json()) as {
    news: { id: string }[];
  };
  // The cached page first shows every format; the filter then replaces the list (the first video may be in both).
  const listedIds = async () =>
    (await newsLinks(page, 'section[aria-labelledby="liste-actualites"]')).map((path) =>
      path.split('_').at(-1),
    );
  await expect.poll(listedIds, { timeout: 15_000 }).toEqual(expected.news.map((item) => item.id));
  expect(await list.count()).toBe(1);
});

test('a topic page: its thematic filter, product, carousel and list; a thematic page of two is noindex', async ({
  newPage,
}) => {
  const page = await open(newPage, '/actualite/fiscal');
  await page.getByRole('heading', { level: 1, name: 'Actualité : Fiscal' }).waitFor();
  const picker = page.getByRole('combobox', { name: 'ALLER À' });
  const filterBy = page.getByText('FILTRER PAR', { exact: true });
  expect((await picker.count()) + (await filterBy.count())).toBe(1);
  const thematicHrefs =
    (await picker.count()) > 0
      ? await picker
          .locator('option[value^="/actualite/"]')
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
      : await page
          .locator('nav[aria-labelledby="filtrer-par"] a')
          .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(thematicHrefs.length).toBeGreaterThan(1);
  const slugs = thematicHrefs.slice(0, 2).map((href) => href.split('/').at(-1));
  const robotsOf = async (path: string) => {
    const other = await open(newPage, path);
    return {
      page: other,
      robots: (await other.locator('meta[name="robots"]').getAttribute('content')) ?? '',
    };
  };
  const one = await robotsOf(`/actualite/fiscal/${slugs[0]}`);
  expect(one.robots).toContain('max-snippet:-1');
  const two = await robotsOf(`/actualite/fiscal/${slugs[0]}_${slugs[1]}`);
  expect(two.robots).toContain('noindex');
  // An invalid slug is dropped: the reader is sent to the one-thematic page (308), so made-up slugs never make
  // pages of their own.
  const invalid = await robotsOf(`/actualite/fiscal/${slugs[0]}_pas-une-thematique`);
  expect(new URL(invalid.page.url()).pathname).toBe(`/actualite/fiscal/${slugs[0]}`);
  expect(await invalid.page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
    new RegExp(`/actualite/fiscal/${slugs[0]}$`),
  );
});

test('a topic page on a phone: topic and format dropdowns', async ({ newPage }) => {
  const page = await open(newPage, '/actualite/social', MOBILE);
  await page.getByRole('combobox', { name: 'Thème' }).waitFor();
  const format = page.getByRole('combobox', { name: 'Format' });
  await waitForHydration(format);
  await format.selectOption('podcast');
  await page.waitForURL(/format=podcast/);
  await screenshot(page, 'topic-mobile');
});

test('unknown topics and paths are not found', async () => {
  for (const path of [
    '/actualite/pas-un-theme',
    '/actualite/fiscal/tva/encore',
    '/actualite/sans_id_invalide!',
  ]) {
    expect((await fetch(`${baseUrl()}${path}`)).status).toBe(404);
  }
});

test('sitemap index, sections, taxonomy, Google News sitemap, RSS feeds and robots.txt', async () => {
  const index = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
  expect(index).toContain('<sitemapindex');
  const taxonomy = await (await fetch(`${baseUrl()}/sitemaps/taxonomie.xml`)).text();
  expect(taxonomy).toMatch(/<loc>[^<]+\/actualite\/fiscal\/[a-z0-9-]+<\/loc>/);
  const sections = await (await fetch(`${baseUrl()}/sitemaps/sections.xml`)).text();
  expect(sections).toMatch(/\/actualite\/social<\/loc>/);
  const news = await fetch(`${baseUrl()}/sitemaps/google-news.xml`);
  expect(news.status).toBe(200);
  expect(await news.text()).toContain('xmlns:news=');
  const rss = await fetch(`${baseUrl()}/rss/fiscal`);
  expect(rss.headers.get('content-type')).toMatch(/application\/rss\+xml/);
  expect(await rss.text()).toMatch(/<rss version="2.0"[\s\S]*<item>/);
  expect((await fetch(`${baseUrl()}/rss/inconnu`)).status).toBe(404);
  const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
  expect(robots).toMatch(/User-Agent: \*/i);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe finds no violation on the home, news home and topic pages (${name})`, async ({ newPage }) => {
    for (const path of ['/', '/actualite', '/actualite/fiscal', '/actualite/social']) {
      const page = await open(newPage, path, viewport);
      await page.locator('h1').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `news${path.replace(/\//g, '-')}-${name}`);
    }
  });
}
