import type { Page } from '@playwright/test';
import { baseUrl, DESKTOP, expect, MOBILE, screenshot, test, waitForHydration } from './support/fixtures';
import { slowPhone } from './support/slow-phone';

type NewsItem = {
  id: string;
  slug: string;
  type: string;
  enriched_news_id: string | null;
  paywalled?: boolean;
};
type Single = {
  article: {
    id: string;
    title: string;
    view: string;
    sections: { id: string; title: string; view: string }[];
  };
  isPaywallable: boolean;
};

async function latestNews(): Promise<NewsItem[]> {
  const response = await fetch(`${baseUrl()}/api/article/summary?limit=100&full=true`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { news: NewsItem[] }).news;
}

async function single(newsId: string, token?: string): Promise<Single> {
  const response = await fetch(`${baseUrl()}/api/article/single?newsId=${encodeURIComponent(newsId)}`, {
    headers: token ? { Cookie: `quotidienne_session=${token}` } : {},
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Single;
}

/** Registers a new customer and logs in: the session token (the value of the HttpOnly cookie). */
async function registerAndLogin(): Promise<string> {
  const origin = new URL(baseUrl()).origin;
  const email = `lecteur.${Date.now()}.${Math.floor(Math.random() * 1e6)}@cabinet-test.fr`;
  const password = 'Cl@ire-Compta-2024!';
  const fields = Object.entries({
    civility: '14',
    lastname: 'Martin',
    firstname: 'Claire',
    email,
    password,
    confirmed: password,
    function: 'expertComptable',
    optin: 'N',
  }).map(([code, value]) => ({ code, value }));
  const registered = await fetch(`${baseUrl()}/api/eshop/webFormResult`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ webFormId: 50293, fields }),
  });
  expect(registered.status, await registered.clone().text()).toBe(200);
  const login = await fetch(`${baseUrl()}/api/eshop/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { cookieObj?: { value?: string } }).cookieObj?.value;
  expect(login.status).toBe(200);
  if (!token) throw new Error('login gave no token');
  return token;
}

/** Plain text of HTML, whitespace collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Six words from the middle of a text: enough to recognise it, unlikely to occur in the free part. */
function phraseOf(html: string): string {
  const words = textOf(html).split(' ');
  const start = Math.max(0, Math.floor(words.length / 2) - 3);
  return words.slice(start, start + 6).join(' ');
}

const pathOf = (item: NewsItem) => `/actualite/${item.slug}_${item.enriched_news_id ?? item.id}`;

async function findEnriched(): Promise<NewsItem> {
  const enriched = (await latestNews()).find((item) => item.enriched_news_id);
  if (!enriched) throw new Error('the seeded site has no enriched news among the latest 100');
  return enriched;
}

async function findPaywalled(): Promise<NewsItem> {
  const paywalled = (await latestNews()).find((item) => item.paywalled && !item.enriched_news_id);
  if (!paywalled) throw new Error('the seeded site has no paywalled article among the latest 100');
  return paywalled;
}

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
}

test('gated text of an enriched news is absent from anonymous HTML, JSON, RSS and search snippets', async () => {
  const enriched = await findEnriched();
  const newsId = enriched.enriched_news_id ?? enriched.id;
  const token = await registerAndLogin();
  const full = await single(newsId, token);
  expect(full.isPaywallable).toBe(false);
  expect(full.article.sections.length).toBeGreaterThan(1);
  const gated = full.article.sections.slice(1);
  const phrases = gated.map((section) => phraseOf(section.view));

  const html = await (await fetch(`${baseUrl()}${pathOf(enriched)}`)).text();
  const anonymous = JSON.stringify(await single(newsId));
  const rss = await (await fetch(`${baseUrl()}/rss`)).text();
  expect(rss).toContain('<rss');
  const firstWord =
    textOf(gated[0]?.view ?? '')
      .split(' ')
      .find((word) => word.length > 6) ?? '';
  const search = await (
    await fetch(`${baseUrl()}/api/search/results?term=${encodeURIComponent(firstWord)}`)
  ).text();
  for (const [index, phrase] of phrases.entries()) {
    expect(phrase.length).toBeGreaterThan(10);
    expect(html, `HTML holds section ${index + 2}`).not.toContain(phrase);
    expect(anonymous, `JSON holds section ${index + 2}`).not.toContain(phrase);
    expect(rss).not.toContain(phrase);
    expect(search).not.toContain(phrase);
  }
});

test('a paywalled article keeps only its head for anonymous visitors, in HTML and JSON', async () => {
  const paywalled = await findPaywalled();
  const token = await registerAndLogin();
  const full = await single(paywalled.id, token);
  const anonymous = await single(paywalled.id);
  expect(anonymous.isPaywallable).toBe(true);
  expect(textOf(anonymous.article.view).length).toBeLessThan(textOf(full.article.view).length * 0.35);
  const words = textOf(full.article.view).split(' ');
  const at = Math.floor(words.length * 0.7);
  const tail = words.slice(at, at + 6).join(' ');
  const html = await (await fetch(`${baseUrl()}${pathOf(paywalled)}`)).text();
  expect(html).not.toContain(tail);
  expect(JSON.stringify(anonymous)).not.toContain(tail);
  expect(html).toContain('La suite de cet article est réservée aux inscrits');
});

test('a single article read anonymously first, and kept for anonymous readers, stays whole with a session', async () => {
  const paywalled = await findPaywalled();
  // The anonymous answer is the one the server keeps for every reader without a session (route-table.ts).
  const anonymous = await single(paywalled.id);
  expect(anonymous.isPaywallable).toBe(true);
  const token = await registerAndLogin();
  const withCookie = await single(paywalled.id, token);
  expect(withCookie.isPaywallable).toBe(false);
  expect(textOf(withCookie.article.view).length).toBeGreaterThan(textOf(anonymous.article.view).length);
  const withBearer = await fetch(`${baseUrl()}/api/article/single?newsId=${paywalled.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await withBearer.json()) as Single).isPaywallable).toBe(false);
  const withQueryToken = await fetch(
    `${baseUrl()}/api/article/single?newsId=${paywalled.id}&eshopCookie=${encodeURIComponent(token)}`,
  );
  expect(((await withQueryToken.json()) as Single).isPaywallable).toBe(false);
  // Anonymous readers still get the gated copy afterwards.
  expect(await single(paywalled.id)).toEqual(anonymous);
});

test('an anonymous reader sees the first section, the table of contents and the registration prompt', async ({
  page,
}) => {
  const enriched = await findEnriched();
  await open(page, pathOf(enriched));
  await expect(page.getByText('Actualité enrichie', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sommaire' })).toBeVisible();
  await expect(page.locator('main section[id^="section-"]')).toHaveCount(1);
  await expect(
    page.getByRole('heading', { name: 'La suite de cette actualité enrichie est réservée aux inscrits' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Créer un compte gratuitement' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await screenshot(page, 'article-enriched-anonymous');
});

test('a logged-in reader gets every section in the page, the table of contents follows and writes the hash', async ({
  page,
}) => {
  const enriched = await findEnriched();
  const newsId = enriched.enriched_news_id ?? enriched.id;
  const token = await registerAndLogin();
  const full = await single(newsId, token);
  await page.context().addCookies([
    {
      name: 'quotidienne_session',
      value: token,
      url: baseUrl(),
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
    // Set beside it at login: the browser asks who the reader is only when it is there (issue 16).
    { name: 'quotidienne_connecte', value: '1', url: baseUrl(), secure: true, sameSite: 'Lax' },
  ]);
  await page.goto(pathOf(enriched));
  const last = full.article.sections.at(-1);
  if (!last) throw new Error('no section');
  await expect(page.getByRole('heading', { level: 2, name: last.title, exact: true })).toBeVisible();
  await expect(page.locator('main section[id^="section-"]')).toHaveCount(full.article.sections.length);
  await expect(page.getByText('réservée aux inscrits')).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Sommaire' })
    .getByRole('link', { name: last.title, exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.hash === `#section-${last.id}`);
  await expect
    .poll(() =>
      page.locator(`[id="section-${last.id}"]`).evaluate((element) => {
        const { top } = element.getBoundingClientRect();
        return top >= 0 && top < window.innerHeight / 2;
      }),
    )
    .toBe(true);
  await screenshot(page, 'article-enriched-logged-in');
});

/** A logged-in reader on an enriched news (every section in the page): its sections, in order. */
async function openEnrichedLoggedIn(page: Page): Promise<{ id: string; title: string }[]> {
  const enriched = await findEnriched();
  const token = await registerAndLogin();
  const { sections } = (await single(enriched.enriched_news_id ?? enriched.id, token)).article;
  await page.context().addCookies([
    {
      name: 'quotidienne_session',
      value: token,
      url: baseUrl(),
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
    { name: 'quotidienne_connecte', value: '1', url: baseUrl(), secure: true, sameSite: 'Lax' },
  ]);
  await open(page, pathOf(enriched));
  await expect(page.locator('main section[id^="section-"]')).toHaveCount(sections.length);
  expect(sections.length).toBeGreaterThan(2);
  return sections;
}

/** The top of a section in the viewport, in pixels. */
const topOf = (page: Page, id: string) =>
  page.locator(`[id="section-${id}"]`).evaluate((element) => Math.round(element.getBoundingClientRect().top));

test('the table of contents highlights and writes the section clicked, each time, and follows a scroll by hand', async ({
  page,
}) => {
  const sections = await openEnrichedLoggedIn(page);
  const toc = page.getByRole('navigation', { name: 'Sommaire' });
  const first = sections[0];
  const second = sections[1];
  const last = sections.at(-1);
  if (!first || !second || !last) throw new Error('no sections');
  for (const section of [last, first, second, first, last, last]) {
    const link = toc.getByRole('link', { name: section.title, exact: true });
    await link.click();
    // Once the scroll is over (the section's top at the top of the viewport, or the page at its end).
    await expect
      .poll(async () => {
        const top = await topOf(page, section.id);
        return (
          top <= 1 || (await page.evaluate(() => innerHeight + scrollY >= document.body.scrollHeight - 1))
        );
      })
      .toBe(true);
    await expect(link).toHaveAttribute('aria-current', 'location');
    await expect(toc.locator('a[aria-current]')).toHaveCount(1);
    await expect(page).toHaveURL((url) => url.hash === `#section-${section.id}`);
  }

  // By hand: the second section's title a fifth of the way down the viewport is the section being read.
  await toc.getByRole('link', { name: first.title, exact: true }).click();
  await expect.poll(() => topOf(page, first.id)).toBeLessThanOrEqual(1);
  const height = await page.evaluate(() => innerHeight);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, (await topOf(page, second.id)) - height * 0.2);
  await expect.poll(() => topOf(page, second.id)).toBeLessThan(height * 0.4);
  await expect(toc.getByRole('link', { name: second.title, exact: true })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(page).toHaveURL((url) => url.hash === `#section-${second.id}`);
});

test.describe('phone, CPU 4x slower', () => {
  test.use({ viewport: MOBILE, hasTouch: true, isMobile: true });

  test('the table of contents dropdown goes to the section chosen, each time, and shows it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await slowPhone(page);
    const sections = await openEnrichedLoggedIn(page);
    const select = page.getByLabel('Aller à la section');
    await waitForHydration(select);
    for (const index of [sections.length - 1, 0, 1, 1]) {
      const section = sections[index];
      if (!section) throw new Error('no section');
      await select.selectOption({ index });
      await expect(page).toHaveURL((url) => url.hash === `#section-${section.id}`);
      // Once the scroll is over: the section just below the sticky bar, or the page at its end.
      await expect
        .poll(async () => {
          const top = await topOf(page, section.id);
          return (
            top < 200 || (await page.evaluate(() => innerHeight + scrollY >= document.body.scrollHeight - 1))
          );
        })
        .toBe(true);
      await expect(select).toHaveValue(`section-${section.id}`);
      await expect(page).toHaveURL((url) => url.hash === `#section-${section.id}`);
    }
  });
});

test('an enriched article prints alone, its sections the full width, without its structured data as text', async ({
  page,
}) => {
  await openEnrichedLoggedIn(page);
  await page.emulateMedia({ media: 'print' });
  // The JSON-LD of the page (a script in main) is not printed.
  const scripts = page.locator('main script[type="application/ld+json"]');
  await expect(scripts).not.toHaveCount(0);
  for (const script of await scripts.all()) await expect(script).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Sommaire' })).toBeHidden();
  const articleWidth = (await page.locator('main article').first().boundingBox())?.width ?? 0;
  const sectionWidth = (await page.locator('main section[id^="section-"]').first().boundingBox())?.width ?? 0;
  expect(sectionWidth).toBeGreaterThan(articleWidth * 0.9);
  await screenshot(page, 'article-enriched-print');
});

test('a missing article is the 404 page, titled « Page non trouvée »', async ({ page, consoleGuard }) => {
  // The document itself answers 404: Chromium logs it as a failed resource.
  consoleGuard.allow(/status of 404/);
  const response = await page.goto('/actualite/article-disparu_99999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page non trouvée/);
});

test('the article page: breadcrumb, tags, dates, author, cover, related blocks, share bar, archive link, SEO', async ({
  page,
}) => {
  const item = (await latestNews()).find((news) => !news.enriched_news_id && news.type === 'actualite');
  if (!item) throw new Error('no plain news');
  await open(page, pathOf(item));
  const breadcrumb = page.getByRole('navigation', { name: /Fil d/ });
  await expect(breadcrumb.getByRole('link', { name: 'Accueil' })).toBeVisible();
  await expect(page.getByText(/^Publié le \d{1,2}(er)? \S+ \d{4}/)).toBeVisible();
  await expect(page.getByText(/^Par .+, .+/).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'A lire aussi' })).toBeVisible();
  const related = page.locator('section[aria-labelledby="a-lire-aussi"] li');
  await expect(related).not.toHaveCount(0);
  expect(await related.count()).toBeLessThanOrEqual(3);
  await expect(page.getByRole('heading', { level: 2, name: 'Aller plus loin' })).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Partager l’article' })).toBeVisible();
  await expect(page.locator('a[href^="/archives/"]')).not.toHaveCount(0);
  await expect(page.locator('main figure img')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/actualite/${item.slug}_${item.id}$`),
  );
  const robots = page.locator('meta[name="robots"]');
  await expect(robots).toHaveAttribute('content', /max-snippet:-1/);
  await expect(robots).toHaveAttribute('content', /max-image-preview:large/);
  await expect(robots).toHaveAttribute('content', /max-video-preview:-1/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
  expect(types).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList', 'Organization']));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^[\s\S]{0,270}$/);
});

test('flash:id links (/actualite/actu_{id}) lead to the article', async ({ page, request }) => {
  const item = (await latestNews()).find((news) => !news.enriched_news_id && news.type === 'actualite');
  if (!item) throw new Error('no plain news');
  const response = await request.get(`/actualite/actu_${item.id}`, { maxRedirects: 0 });
  expect([301, 308]).toContain(response.status());
  await open(page, `/actualite/actu_${item.id}`);
  expect(new URL(page.url()).pathname).toBe(pathOf(item));
  await expect(page.locator('h1')).toBeVisible();
});

test('anonymous article HTML is served from the page cache', async ({ request }) => {
  const item = (await latestNews()).find((news) => !news.enriched_news_id);
  if (!item) throw new Error('no plain news');
  await request.get(pathOf(item));
  const response = await request.get(pathOf(item));
  expect(response.headers()['cache-control']).toMatch(/s-maxage=\d+/);
  expect(response.headers()['x-nextjs-cache']).toMatch(/HIT|STALE/);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on an article and an enriched article', async ({ page }) => {
      // Several pages checked by axe: over a minute on a loaded 2-core machine.
      test.slow();
      const news = await latestNews();
      const plain = news.find((item) => !item.enriched_news_id && item.type === 'actualite');
      const enriched = news.find((item) => item.enriched_news_id);
      for (const item of [plain, enriched]) {
        if (!item) throw new Error('missing article');
        await open(page, pathOf(item));
        await expect(page.locator('h1')).toBeVisible();
        await expect(page).toPassAxe();
        await screenshot(page, `article-${item.enriched_news_id ? 'enriched' : 'plain'}-${name}`);
      }
    });
  });
}
