import type { Page } from '@playwright/test';
import { baseUrl, expect, MOBILE, screenshot, test } from './support/fixtures';

/**
 * The Content-Security-Policy lets through everything the pages really load: no violation (reported by the
 * browser as a securitypolicyviolation event and a console error, which the console guard also fails on) on
 * each kind of page, whether rendered per request (fresh nonce), cached (cache nonce) or prerendered (hashes).
 */

type NewsItem = { id: string; slug: string; enriched_news_id: string | null };

const pathOf = (item: NewsItem) => `/actualite/${item.slug}_${item.enriched_news_id ?? item.id}`;

async function latestNews(): Promise<NewsItem[]> {
  const response = await fetch(`${baseUrl()}/api/article/summary?limit=100`);
  return ((await response.json()) as { news: NewsItem[] }).news;
}

async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

async function pagesToCheck(page: Page): Promise<string[]> {
  const news = await latestNews();
  const article = news.find((item) => !item.enriched_news_id);
  const enriched = news.find((item) => item.enriched_news_id);
  if (!article || !enriched) throw new Error('the seeded site needs an article and an enriched news');
  await page.goto('/simulateurs');
  const simulator = await page
    .locator('main a[href^="/simulateurs/"]')
    .evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')).find((href) => href?.includes('_')),
    );
  if (!simulator) throw new Error('the simulators page lists no simulator');
  return [
    '/',
    '/actualite/fiscal',
    pathOf(article),
    pathOf(enriched),
    '/search?terme=impot',
    simulator,
    '/agenda',
    '/cgu',
    '/page-qui-n-existe-pas',
  ];
}

test('no page breaks its Content-Security-Policy, and every script is allowed', async ({
  page,
  newPage,
  consoleGuard,
}) => {
  // The last page checked is the 404 page: Chromium logs its status as a failed resource.
  consoleGuard.allow(/404/);
  const paths = await pagesToCheck(page);
  for (const [index, viewport] of [undefined, MOBILE].entries()) {
    const target = viewport ? await newPage(viewport) : page;
    const violations = await collectViolations(target);
    for (const path of paths) {
      const response = await target.goto(path);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
      await expect.poll(() => target.evaluate(() => document.readyState)).toBe('complete');
      expect(violations, `${path}: ${violations.join(', ')}`).toEqual([]);
    }
    await screenshot(target, `security-csp-${index === 0 ? 'desktop' : 'mobile'}`);
  }
});

test('the simulator frame is allowed by our pages and refused to others', async ({ request }) => {
  const embed = await request.get('/embed/impot-revenu');
  expect(embed.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('the pages opened with a token send Referrer-Policy: no-referrer as a header; others keep the origin', async ({
  request,
}) => {
  for (const path of [
    '/mot-de-passe-oublie/nouveau?token=jeton-de-test',
    '/confirmation?type=compte&token=jeton-de-test',
    '/unsubscribe/lecteur%40exemple.fr?token=jeton-de-test',
  ]) {
    const answer = await request.get(path);
    expect(answer.headers()['referrer-policy'], path).toBe('no-referrer');
  }
  expect((await request.get('/mot-de-passe-oublie')).headers()['referrer-policy']).toBe(
    'strict-origin-when-cross-origin',
  );
});

test('an injected inline script without the nonce is refused', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Content Security Policy/);
  const violations = await collectViolations(page);
  await page.goto('/actualite/fiscal');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.body.append(script);
    return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBe(1);
  expect(violations[0]).toMatch(/^script-src/);
});

test('every answer of a cached page carries a nonce of its own, the same in its policy and its scripts', async () => {
  const seen = new Set<string>();
  for (const path of ['/actualite/fiscal', '/actualite/fiscal', '/actualite/fiscal', '/']) {
    const response = await fetch(`${baseUrl()}${path}`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    const html = await response.text();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(html).toContain(`nonce="${nonce}"`);
    // No other nonce in the body: every place the render's nonce held was rewritten.
    expect(new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))).toEqual(
      new Set([nonce]),
    );
    seen.add(nonce);
  }
  expect(seen.size).toBe(4);
});
