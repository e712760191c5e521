import type { Page } from 'playwright-core';
import { baseUrl, DESKTOP, expect, expectNoAxeViolations, MOBILE, screenshot, test } from './support/browser';

/** Visitors without a session get a 401 from GET /api/eshop/me, which the browser logs: expected. */
const ANONYMOUS_ME = /\/api\/eshop\/me/;

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

async function openAnonymous(
  newPage: (viewport?: typeof DESKTOP) => Promise<Page & { consoleGuard: { allow(p: RegExp): void } }>,
  path: string,
  viewport = DESKTOP,
) {
  const page = await newPage(viewport);
  page.consoleGuard.allow(ANONYMOUS_ME);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return page;
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

test('an anonymous reader sees the first section, the table of contents and the registration prompt', async ({
  newPage,
}) => {
  const enriched = await findEnriched();
  const page = await openAnonymous(newPage, pathOf(enriched));
  await page.getByText('Actualité enrichie', { exact: true }).waitFor();
  const toc = page.getByRole('navigation', { name: 'Sommaire' });
  await toc.waitFor();
  expect(await page.locator('main section[id^="section-"]').count()).toBe(1);
  await page
    .getByRole('heading', { name: 'La suite de cette actualité enrichie est réservée aux inscrits' })
    .waitFor();
  await page.getByRole('button', { name: 'Créer un compte gratuitement' }).click();
  await page.getByRole('dialog').waitFor();
  await screenshot(page, 'article-enriched-anonymous');
});

test('a logged-in reader gets every section in the page, the table of contents follows and writes the hash', async ({
  newPage,
}) => {
  const enriched = await findEnriched();
  const newsId = enriched.enriched_news_id ?? enriched.id;
  const token = await registerAndLogin();
  const full = await single(newsId, token);
  const page = await newPage(DESKTOP);
  await page.context().addCookies([
    {
      name: 'quotidienne_session',
      value: token,
      url: baseUrl(),
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
  ]);
  await page.goto(pathOf(enriched));
  const last = full.article.sections.at(-1);
  if (!last) throw new Error('no section');
  await page.getByRole('heading', { level: 2, name: last.title, exact: true }).waitFor();
  expect(await page.locator('main section[id^="section-"]').count()).toBe(full.article.sections.length);
  expect(await page.getByText('réservée aux inscrits').count()).toBe(0);
  await page
    .getByRole('navigation', { name: 'Sommaire' })
    .getByRole('link', { name: last.title, exact: true })
    .click();
  await page.waitForURL((url) => url.hash === `#section-${last.id}`);
  await page.waitForFunction((id) => {
    const element = document.getElementById(id);
    const top = element?.getBoundingClientRect().top ?? -1;
    return top >= 0 && top < window.innerHeight / 2;
  }, `section-${last.id}`);
  await screenshot(page, 'article-enriched-logged-in');
});

test('the article page: breadcrumb, tags, dates, author, cover, related blocks, share bar, archive link, SEO', async ({
  newPage,
}) => {
  const item = (await latestNews()).find((news) => !news.enriched_news_id && news.type === 'actualite');
  if (!item) throw new Error('no plain news');
  const page = await openAnonymous(newPage, pathOf(item));
  const breadcrumb = page.getByRole('navigation', { name: /Fil d/ });
  await breadcrumb.getByRole('link', { name: 'Accueil' }).waitFor();
  await page.getByText(/^Publié le \d{1,2}(er)? \S+ \d{4}/).waitFor();
  expect(await page.getByText(/^Par .+, .+/).count()).toBeGreaterThan(0);
  await page.getByRole('heading', { level: 2, name: 'A lire aussi' }).waitFor();
  const related = page.locator('section[aria-labelledby="a-lire-aussi"] li');
  expect(await related.count()).toBeGreaterThan(0);
  expect(await related.count()).toBeLessThanOrEqual(3);
  expect(await page.getByRole('heading', { level: 2, name: 'Aller plus loin' }).count()).toBe(1);
  await page.getByRole('navigation', { name: 'Partager l’article' }).waitFor();
  expect(await page.locator('a[href^="/archives/"]').count()).toBeGreaterThan(0);
  const cover = page.locator('main figure img');
  expect(await cover.count()).toBe(1);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(new RegExp(`/actualite/${item.slug}_${item.id}$`));
  const robots = await page.locator('meta[name="robots"]').getAttribute('content');
  expect(robots).toContain('max-snippet:-1');
  expect(robots).toContain('max-image-preview:large');
  expect(robots).toContain('max-video-preview:-1');
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
  expect(types).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList', 'Organization']));
  expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect((description ?? '').length).toBeLessThanOrEqual(270);
});

test('flash:id links (/actualite/actu_{id}) lead to the article', async ({ newPage }) => {
  const item = (await latestNews()).find((news) => !news.enriched_news_id && news.type === 'actualite');
  if (!item) throw new Error('no plain news');
  const response = await fetch(`${baseUrl()}/actualite/actu_${item.id}`, { redirect: 'manual' });
  expect([301, 308]).toContain(response.status);
  const page = await openAnonymous(newPage, `/actualite/actu_${item.id}`);
  expect(new URL(page.url()).pathname).toBe(pathOf(item));
  await page.locator('h1').waitFor();
});

test('anonymous article HTML is served from the page cache', async () => {
  const item = (await latestNews()).find((news) => !news.enriched_news_id);
  if (!item) throw new Error('no plain news');
  await fetch(`${baseUrl()}${pathOf(item)}`);
  const response = await fetch(`${baseUrl()}${pathOf(item)}`);
  expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
  expect(response.headers.get('x-nextjs-cache')).toMatch(/HIT|STALE/);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe finds no violation on an article and an enriched article (${name})`, async ({ newPage }) => {
    const news = await latestNews();
    const plain = news.find((item) => !item.enriched_news_id && item.type === 'actualite');
    const enriched = news.find((item) => item.enriched_news_id);
    for (const item of [plain, enriched]) {
      if (!item) throw new Error('missing article');
      const page = await openAnonymous(newPage, pathOf(item), viewport);
      await page.locator('h1').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `article-${item.enriched_news_id ? 'enriched' : 'plain'}-${name}`);
    }
  });
}
