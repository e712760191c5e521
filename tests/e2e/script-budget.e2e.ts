import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { readerTemplates } from '../support/reader-templates';
import { baseUrl, expect, MOBILE, test } from './support/fixtures';

// Issue 16: a reader page's scripts stay within 30 KB of gzip above the framework's own (what every page of the
// build loads before any page code), measured as bench/pages does. A module that drags the full Zod, an editor
// or a locale table into the reader frame fails here, not months later in a Lighthouse score.
const BUDGET_OVER_FRAMEWORK_GZIP_BYTES = 30 * 1024;

const root = path.resolve(import.meta.dirname, '../..');

function gzipSize(body: Buffer): number {
  return gzipSync(body, { level: 9 }).length;
}

/** The build's root main files: the framework and its runtime, loaded by every page. */
async function frameworkGzipBytes(page: Page): Promise<number> {
  const manifestPath = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'build-manifest.json');
  const { rootMainFiles } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { rootMainFiles: string[] };
  let total = 0;
  for (const file of rootMainFiles) {
    const response = await page.request.get(`/_next/${file}`);
    expect(response.status(), file).toBe(200);
    total += gzipSize(await response.body());
  }
  return total;
}

/** Gzip bytes of every same-origin script the browser fetched for a page, once it is loaded and idle. */
async function pageScriptGzipBytes(page: Page, pagePath: string): Promise<number> {
  const origin = new URL(baseUrl()).origin;
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (response: import('@playwright/test').Response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.origin === origin)
      bodies.set(url.pathname, response.body());
  };
  page.on('response', onResponse);
  try {
    expect((await page.goto(pagePath, { waitUntil: 'networkidle' }))?.status(), pagePath).toBe(200);
  } finally {
    page.off('response', onResponse);
  }
  let total = 0;
  for (const body of bodies.values()) total += gzipSize(await body);
  return total;
}

test.use({ viewport: MOBILE });

test('every reader template loads at most 30 KB of gzip script above the framework', async ({ page }) => {
  test.setTimeout(120_000);
  const framework = await frameworkGzipBytes(page);
  const templates = await readerTemplates(baseUrl());
  const overFramework: Record<string, number> = {};
  for (const [name, pagePath] of Object.entries(templates))
    overFramework[name] = (await pageScriptGzipBytes(page, pagePath)) - framework;

  const overBudget = Object.entries(overFramework).filter(
    ([, bytes]) => bytes > BUDGET_OVER_FRAMEWORK_GZIP_BYTES,
  );
  expect(
    overBudget,
    `gzip bytes over the framework's ${framework}: ${JSON.stringify(overFramework)}`,
  ).toEqual([]);
});

// Next prefetches every link in view that does not say `prefetch={false}`: on a phone each prefetch is a payload
// the router reads after the page's load (the agenda's ten took about 200 ms of script at 4x), and on the server a
// render. The reader templates prefetch nothing at load; a reader's click still navigates in the page.
test('no reader template prefetches a page once loaded', async ({ page }) => {
  test.setTimeout(120_000);
  const templates = await readerTemplates(baseUrl());
  const prefetched: Record<string, string[]> = {};
  for (const [name, pagePath] of Object.entries(templates)) {
    const requests: string[] = [];
    const onRequest = (request: import('@playwright/test').Request) => {
      if (request.headers()['next-router-prefetch']) requests.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    try {
      await page.goto(pagePath, { waitUntil: 'networkidle' });
      // Next prefetches the links in view once the browser is idle after hydration: two idle periods later it has.
      await page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve(null)))),
      );
    } finally {
      page.off('request', onRequest);
    }
    if (requests.length > 0) prefetched[name] = requests;
  }
  expect(prefetched).toEqual({});
});
