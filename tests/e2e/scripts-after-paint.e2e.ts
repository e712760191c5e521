import type { Page, Route, ViewportSize } from '@playwright/test';
import { readerTemplates } from '../support/reader-templates';
import { baseUrl, DESKTOP, expect, MOBILE, test, waitForHydration } from './support/fixtures';

// Issue 16, decision 068: a reader page's framework scripts start after its largest paint, and what a reader does
// before React has hydrated (a click on a menu button, text typed, a menu hovered) is given to React once it has.
// Pages are opened up to their DOMContentLoaded: a held script would otherwise hold their load event.

const FRAMEWORK_CHUNK = '**/_next/static/chunks/*.js';

/** Holds every framework script the page asks for until `release` is called: the page stays as its HTML made it. */
async function holdScripts(page: Page): Promise<{ asked: () => number; release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(FRAMEWORK_CHUNK, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    asked: () => held.length,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Opens `path` at this viewport with its framework scripts held (holdScripts), up to its DOMContentLoaded. */
async function openWithScriptsHeld(page: Page, path: string, viewport: ViewportSize) {
  await page.setViewportSize(viewport);
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return scripts;
}

const burger = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });

test('every reader template sends no framework script tag nor its preload, and loads them after its largest paint', async ({
  page,
}) => {
  // Nine pages opened and hydrated one after another: a loaded machine takes more than one test's minute.
  test.slow();
  await page.setViewportSize(MOBILE);
  await page.addInitScript(() => {
    const paints: number[] = [];
    Object.assign(window, { paints });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) paints.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  for (const [name, path] of Object.entries(await readerTemplates(baseUrl()))) {
    const html = await (await page.request.get(path)).text();
    // Read by the browser's own parser, whatever the order or quoting of their attributes: a Next.js whose tags
    // the rewrite no longer recognises leaves them in the page, and this fails.
    const tags = await page.evaluate((source) => {
      const document = new DOMParser().parseFromString(source, 'text/html');
      const count = (selector: string) => document.querySelectorAll(selector).length;
      return {
        asyncScripts: count('script[src*="/_next/"][async]'),
        scriptPreloads: count('link[rel~="preload" i][as="script" i]'),
      };
    }, html);
    expect(tags, name).toEqual({ asyncScripts: 0, scriptPreloads: 0 });
    expect(html, name).toContain('var sources=["/_next/static/chunks/');
    await page.goto(path);
    await waitForHydration(burger(page));
    const timing = await page.evaluate(() => ({
      firstPaint: (window as unknown as { paints: number[] }).paints[0] ?? Number.POSITIVE_INFINITY,
      firstScript: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(timing.firstScript, name).toBeGreaterThanOrEqual(timing.firstPaint);
  }
});

test('a browser without PerformanceObserver loads the scripts at once and hydrates', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'PerformanceObserver');
  });
  await page.goto('/actualite');
  await waitForHydration(burger(page));
});

test.describe('before hydration', () => {
  test('a click on the burger is kept and opens the menu once the scripts have run', async ({ page }) => {
    const scripts = await openWithScriptsHeld(page, '/actualite', MOBILE);
    await burger(page).click();
    await expect.poll(scripts.asked).toBeGreaterThan(0);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await scripts.release();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });

  test('text typed into the search box reaches the suggestions once the scripts have run', async ({
    page,
  }) => {
    const scripts = await openWithScriptsHeld(page, '/', DESKTOP);
    const box = page.getByRole('combobox', { name: 'Rechercher' }).first();
    await box.fill('impo');
    await scripts.release();
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).first()).toBeVisible();
    await expect(box).toHaveValue('impo');
  });

  test('a menu hovered opens once the scripts have run, while the pointer is still on it', async ({
    page,
  }) => {
    const scripts = await openWithScriptsHeld(page, '/', DESKTOP);
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await navigation.getByRole('button', { name: 'Actualités', exact: true }).hover();
    await expect.poll(scripts.asked).toBeGreaterThan(0);
    await scripts.release();
    await expect(navigation.getByRole('link', { name: 'Toutes les actualités' })).toBeVisible();
  });
});
