import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Locator, type Page, type ViewportSize } from 'playwright-core';
import { test as base, expect as vitestExpect } from 'vitest';
import { CONSENT_COOKIE } from '@/lib/consent';

/**
 * Browser harness of the e2e specs (docs/TESTING.md): Debian's Chromium driven by playwright-core, against the
 * server that scripts/e2e.ts started (its URL in E2E_BASE_URL).
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags that work on our machines (no sandbox as root, no GPU, no calls home on a closed network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const DESKTOP: ViewportSize = { width: 1280, height: 800 };
export const MOBILE: ViewportSize = { width: 375, height: 812 };

const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** The server under test, without a trailing slash. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error(
      'E2E_BASE_URL is not set: run the e2e specs with `npm run test:e2e`, which starts a server, or set it to a running one.',
    );
  }
  return url.replace(/\/+$/, '');
}

/**
 * A headless Chromium. Playwright gives every launch a new, empty temporary profile (--user-data-dir) and deletes it
 * on close, so no cookie or cache survives from one browser to the next.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export type ConsoleGuard = {
  /** What the page reported: console.error calls and uncaught exceptions, with where they came from. */
  readonly errors: string[];
  /** Ignores errors matching the pattern (say why at the call site). */
  allow(pattern: RegExp): void;
  /** Throws if the page reported any error not allowed. */
  assertClean(): void;
};

/**
 * Errors every page may report by design, allowed by default. Keep this list short and say why for each.
 * - An anonymous visitor's GET /api/eshop/me answers 401 (docs/API-accounts.md): the shell asks it on every page to
 *   show the reader's first name, and Chromium logs any 4xx response as a console error.
 */
export const EXPECTED_CONSOLE_ERRORS: readonly RegExp[] = [
  /^console\.error: Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \(https?:\/\/[^/]+\/api\/eshop\/me[?:]/,
];

/** Records every console error and uncaught exception of a page, except EXPECTED_CONSOLE_ERRORS. */
export function guardConsole(page: Page): ConsoleGuard {
  const errors: string[] = [];
  const allowed: RegExp[] = [...EXPECTED_CONSOLE_ERRORS];
  const record = (message: string) => {
    if (!allowed.some((pattern) => pattern.test(message))) errors.push(message);
  };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    record(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => record(`uncaught exception: ${error.message}`));
  return {
    errors,
    allow(pattern) {
      allowed.push(pattern);
      for (let i = errors.length - 1; i >= 0; i--) if (pattern.test(errors[i] ?? '')) errors.splice(i, 1);
    },
    assertClean() {
      if (errors.length > 0) {
        throw new Error(
          `The page reported ${errors.length} error(s):\n${errors.map((e) => `  - ${e}`).join('\n')}`,
        );
      }
    },
  };
}

export type OpenedPage = Page & { consoleGuard: ConsoleGuard };

type AxeOptions = {
  /** Rule ids to leave out, each with a reason at the call site. */
  disableRules?: string[];
  /** Only check inside this selector. */
  include?: string;
};

/**
 * Fails with a readable list when axe-core finds an accessibility violation on the page as it is now: WCAG 2.0,
 * 2.1 and 2.2 levels A and AA, plus axe's best practices.
 */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  if (violations.length === 0) return;
  const report = violations
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `      ${node.target.join(' ')}${node.failureSummary ? ` — ${oneLine(node.failureSummary)}` : ''}`,
        )
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : '';
      return `  - [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}${more}`;
    })
    .join('\n');
  throw new Error(`axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n${report}`);
}

/** Saves a full-page PNG under test-results/screenshots/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(
    SCREENSHOTS_DIR,
    `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-|-$/g, '')}.png`,
  );
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

type E2eFixtures = {
  $file: { browser: Browser };
  $test: {
    /** Opens a new page (own browser context) at the given viewport, guarded against console errors. */
    newPage: (viewport?: ViewportSize) => Promise<OpenedPage>;
    /** A desktop page. */
    page: OpenedPage;
  };
};

/**
 * `test` for e2e specs: one browser per spec file, a fresh context per page, relative URLs resolved against the
 * server under test. A console error or uncaught exception on any page opened by a test fails that test, and a
 * failed test leaves a screenshot of each of its pages in test-results/screenshots/.
 */
export const test = base.extend<E2eFixtures>({
  browser: [
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this destructuring.
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  newPage: async ({ browser, task }, use) => {
    const opened: OpenedPage[] = [];
    await use(async (viewport = DESKTOP) => {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
      });
      // The cookie consent banner of a first visit covers the bottom of the viewport: specs see the site as a
      // reader who already chose (refused everything); consent.e2e.ts clears it to test the banner.
      await context.addCookies([{ name: CONSENT_COOKIE, value: 'v1%3A', url: baseUrl() }]);
      const page = await context.newPage();
      const opened_ = Object.assign(page, { consoleGuard: guardConsole(page) });
      opened.push(opened_);
      return opened_;
    });
    const failed = task.result?.state === 'fail';
    for (const [index, page] of opened.entries()) {
      if (failed && !page.isClosed()) {
        const spec = path.basename(task.file.name).replace(/\.e2e\.ts$/, '');
        const file = await screenshot(page, `${spec}--${task.name}--failed-${index + 1}`).catch(
          () => undefined,
        );
        if (file) console.error(`Screenshot of the failed test: ${file}`);
      }
      await page.context().close();
    }
    const errors = opened.flatMap((page) => page.consoleGuard.errors);
    if (errors.length > 0) {
      throw new Error(
        `The browser reported ${errors.length} error(s) during the test:\n${errors.map((e) => `  - ${e}`).join('\n')}`,
      );
    }
  },
  page: async ({ newPage }, use) => {
    await use(await newPage(DESKTOP));
  },
});

/**
 * Resolves once React has hydrated the element, i.e. its event handlers are attached. An interaction before that
 * (a select changed, a button clicked) does nothing, which on a loaded machine makes tests flaky.
 */
export async function waitForHydration(locator: Locator, timeoutMs = 20_000): Promise<void> {
  await locator.waitFor({ timeout: timeoutMs });
  await vitestExpect
    .poll(
      () =>
        locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))),
      {
        timeout: timeoutMs,
      },
    )
    .toBe(true);
}

export { expect } from 'vitest';
