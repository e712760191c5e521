import type { Page } from '@playwright/test';
import { baseUrl, DESKTOP, expect, MOBILE, screenshot, test, waitForHydration } from './support/fixtures';

// What a reader found on the pages (issue 16), checked in Chromium: failed images, filters, media, the table of
// contents on a phone, a failed 'Plus d'actualités', the anonymous console, printing.

type Summary = { news: { id: string; slug: string; type: string; enriched_news_id: string | null }[] };

const summary = async (query: string): Promise<Summary> =>
  (await (await fetch(`${baseUrl()}/api/article/summary?${query}`)).json()) as Summary;
const pathOf = (item: Summary['news'][number]) =>
  `/actualite/${item.slug}_${item.enriched_news_id ?? item.id}`;

/** The news paths linked in the page's main content. */
async function newsPaths(page: Page): Promise<string[]> {
  return page
    .locator('main a[href^="/actualite/"]')
    .evaluateAll((anchors) =>
      anchors
        .map((a) => new URL((a as HTMLAnchorElement).href).pathname)
        .filter((href) => /^\/actualite\/[A-Za-z0-9-]+_[A-Za-z0-9-]+$/.test(href)),
    );
}

/** An article of a type whose page holds a platform placeholder (the demo content alternates media). */
async function articleWithPlaceholder(type: string): Promise<string> {
  for (const item of (await summary(`type=${type}&limit=20`)).news) {
    const html = await (await fetch(`${baseUrl()}${pathOf(item)}`)).text();
    if (html.includes('data-embed-src=')) return pathOf(item);
  }
  throw new Error(`no ${type} article with a platform embed`);
}

test('an anonymous page asks nothing about the reader: no /api/eshop/me, no console error', async ({
  newPage,
  consoleGuard,
}) => {
  const page = await newPage(DESKTOP);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  expect((await page.goto('/actualite'))?.status()).toBe(200);
  await waitForHydration(page.getByRole('button', { name: 'Mon compte' }).first());
  expect(asked).not.toContain('/api/eshop/me');
  // Not even the 401 the guard allows by default.
  expect(consoleGuard.errors).toEqual([]);
});

test('failed images give way to the placeholder, once, without a broken icon', async ({
  newPage,
  consoleGuard,
}) => {
  const page = await newPage(MOBILE);
  consoleGuard.allow(/Failed to load resource|net::ERR_FAILED/);
  await page.route(/\/media\/|\/_next\/image/, (route) => route.abort());
  await page.goto('/');
  await page.locator('main img[data-fallback]').first().waitFor({ state: 'attached' });
  await expect
    .poll(() =>
      page
        .locator('main img')
        .evaluateAll(
          (images) =>
            (images as HTMLImageElement[])
              .filter((image) => image.loading !== 'lazy' || image.complete)
              .filter((image) => !image.src.startsWith('data:image/svg+xml')).length,
        ),
    )
    .toBe(0);
  await screenshot(page, 'reader-failed-images-mobile');
});

test('?metier= and ?format= (video or videos) filter the whole listing', async ({ newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto('/actualite?format=video');
  await page.getByText('Actualités filtrées : format Vidéos.').waitFor();
  const videos = new Set((await summary('type=videos&limit=100')).news.map(pathOf));
  const shown = await newsPaths(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const path of shown) expect(videos.has(path)).toBe(true);
  await page.goto('/actualite?format=videos');
  expect(await newsPaths(page)).toEqual(shown);

  await page.goto('/actualite/social?metier=social');
  await page.getByText('Actualités filtrées : métier Social.').waitFor();
  const social = new Set(
    (
      await summary('topic=social&trade=social&limit=100&type=actualite,videos,podcast,timeline,infographie')
    ).news.map(pathOf),
  );
  const filtered = await newsPaths(page);
  expect(filtered.length).toBeGreaterThan(0);
  for (const path of filtered) expect(social.has(path)).toBe(true);
});

test('our video plays with captions; a platform embed loads only on the click', async ({
  newPage,
  consoleGuard,
}) => {
  const page = await newPage(DESKTOP);
  const [video] = (await summary('type=videos&limit=1')).news;
  if (!video) throw new Error('no video');
  await page.goto(pathOf(video));
  const player = page.locator('main video[controls]');
  await player.waitFor();
  expect(await player.locator('track[kind="captions"][srclang="fr"]').count()).toBe(1);
  expect(
    await player.locator('source').evaluateAll((sources) => sources.map((s) => (s as HTMLSourceElement).src)),
  ).toEqual([`${baseUrl()}/media/videos/demonstration.webm`, `${baseUrl()}/media/videos/demonstration.mp4`]);
  await expect(page).toPassAxe();

  const timeline = await articleWithPlaceholder('timeline');
  const embed = await newPage(DESKTOP);
  // The platform is not reachable here: its frame's failure is no error of ours.
  consoleGuard.allow(/Failed to load resource|net::ERR/);
  const hosts: string[] = [];
  embed.on('request', (request) => hosts.push(new URL(request.url()).host));
  await embed.goto(timeline);
  const button = embed.getByRole('button', { name: /^Afficher le contenu / });
  // The placeholder is editorial HTML, not a React element: the page's handlers are attached once it hydrated.
  await waitForHydration(embed.getByRole('button', { name: 'Mon compte' }).first());
  const ownHost = new URL(baseUrl()).host;
  expect(hosts.filter((host) => host !== ownHost)).toEqual([]);
  await expect(embed).toPassAxe();
  await button.click();
  const frame = embed.locator('main .embed iframe');
  await frame.waitFor({ state: 'attached' });
  expect(await frame.getAttribute('src')).toMatch(
    /^https:\/\/(cdn\.knightlab\.com|platform\.twitter\.com)\//,
  );
});

test('on a phone, the table of contents lists locked sections and lands below its sticky bar', async ({
  newPage,
}) => {
  const page = await newPage(MOBILE);
  const enriched = (await summary('type=actualite&limit=100')).news.find((item) => item.enriched_news_id);
  if (!enriched) throw new Error('no enriched news');
  await page.goto(pathOf(enriched));
  const select = page.getByLabel('Aller à la section');
  await waitForHydration(select);
  const options = await select.locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  expect(options.slice(1).every((option) => option.endsWith('(réservé aux inscrits)'))).toBe(true);
  await select.selectOption({ index: 1 });
  // A locked section leads to the registration prompt, whose top stops 40 px below the sticky bar.
  await page.waitForURL(/#reserve-aux-inscrits$/);
  const bar = page.getByRole('navigation', { name: 'Sommaire' });
  const prompt = page.locator('#reserve-aux-inscrits');
  const gap = async () => {
    const barBox = await bar.boundingBox();
    const promptBox = await prompt.boundingBox();
    return Math.round((promptBox?.y ?? 0) - ((barBox?.y ?? 0) + (barBox?.height ?? 0)));
  };
  // Once the 500 ms scroll is over.
  await expect.poll(gap, { timeout: 5_000 }).toBeLessThanOrEqual(42);
  expect(await gap()).toBeGreaterThanOrEqual(38);
  await screenshot(page, 'reader-toc-locked-mobile');
  await expect(page).toPassAxe();
});

test("a failed 'Plus d'actualités' says so, and 'Réessayer' brings the list back", async ({
  newPage,
  consoleGuard,
}) => {
  const page = await newPage(DESKTOP);
  consoleGuard.allow(/status of 500|api\/article\/summary/);
  await page.goto('/actualite/fiscal');
  const more = page.getByRole('button', { name: "Plus d'actualités" });
  await waitForHydration(more);
  const before = (await newsPaths(page)).length;
  await page.route(/\/api\/article\/summary/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"x","message":"x"}}',
    }),
  );
  await more.click();
  await page.getByText('Les actualités n’ont pas pu être chargées.').waitFor();
  await page.unroute(/\/api\/article\/summary/);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect.poll(async () => (await newsPaths(page)).length).toBeGreaterThan(before);
});

test('an article prints without the site around it, with its address', async ({ newPage }) => {
  const page = await newPage(DESKTOP);
  const [item] = (await summary('type=actualite&limit=1')).news;
  if (!item) throw new Error('no news');
  await page.goto(pathOf(item));
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('header').first().isVisible()).toBe(false);
  expect(await page.getByRole('navigation', { name: 'Partager l’article' }).isVisible()).toBe(false);
  expect(await page.getByText(/^Article en ligne : https?:\/\//).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  expect(
    await page
      .getByText(/^Publié le /)
      .first()
      .isVisible(),
  ).toBe(true);
});
