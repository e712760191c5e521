import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type BrowserContext,
  test as base,
  expect as baseExpect,
  type Locator,
  type Page,
  type ViewportSize,
} from '@playwright/test';
import { CONSENT_COOKIE } from '@/lib/consent';

/**
 * What every e2e spec imports (docs/TESTING.md, "How to write an e2e spec"): Playwright's `test` and `expect`
 * with our fixtures and matchers.
 *
 * - `page`, `context`, `browser`, `request`: Playwright's, with the server under test as `baseURL`, a desktop
 *   viewport, the French locale and the Paris time zone (playwright.config.ts). `test.use({ viewport: MOBILE })`
 *   in a `test.describe` switches a group of tests to a phone.
 * - `newPage(viewport)`: another page in its own context (other cookies), same options, guarded too.
 * - `consoleGuard` (automatic): the test fails if any page of its contexts logged a console error (Chromium logs
 *   every 4xx/5xx response as one), threw an uncaught exception, or lost a request to a network error.
 *   `consoleGuard.allow(/pattern/)` lets an expected one through (say why at the call site).
 * - `expect(page).toPassAxe(options?)`: axe-core finds nothing (WCAG 2.0/2.1/2.2 A and AA, best practices).
 */

export const DESKTOP: ViewportSize = { width: 1280, height: 800 };
export const MOBILE: ViewportSize = { width: 375, height: 812 };

const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** The server under test, without a trailing slash (set by the global setup, or by you for a running server). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error(
      'E2E_BASE_URL is not set: run the e2e specs with `npm run test:e2e`, whose global setup starts a server.',
    );
  }
  return url.replace(/\/+$/, '');
}

/**
 * Errors every page may report by design, allowed by default. Keep this list short and say why for each.
 * - An anonymous visitor's GET /api/eshop/me answers 401 (docs/API-accounts.md): the shell asks it on every page to
 *   show the reader's first name, and Chromium logs any 4xx response as a console error.
 */
export const EXPECTED_CONSOLE_ERRORS: readonly RegExp[] = [
  /^console\.error: Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \(https?:\/\/[^/]+\/api\/eshop\/me[?:]/,
];

/**
 * With scripts off (`javaScriptEnabled: false`), Chromium refuses the page's script preloads and reports them as
 * requests failed for "csp": an effect of the switch, not of our policy (security.e2e.ts checks the policy with
 * scripts on). Tests without JavaScript allow it.
 */
export const SCRIPT_PRELOAD_REFUSED_WITHOUT_JAVASCRIPT =
  /^request failed: GET \S+\/_next\/static\/\S+\.js \(csp\)$/;

/**
 * Requests a page cancels by itself (a navigation that replaces a prefetch, a fetch aborted on purpose): not an
 * error.
 */
const ABORTED_REQUEST = 'net::ERR_ABORTED';

export type ConsoleGuard = {
  /** What the watched pages reported: console.error calls, uncaught exceptions, failed requests. */
  readonly errors: string[];
  /** Ignores errors matching the pattern, already recorded or to come (say why at the call site). */
  allow(pattern: RegExp): void;
  /** Records the errors of every page of a context, present and future. */
  watch(context: BrowserContext): void;
  /** Throws if a watched page reported an error not allowed. */
  assertClean(): void;
};

export function createConsoleGuard(): ConsoleGuard {
  const errors: string[] = [];
  const allowed: RegExp[] = [...EXPECTED_CONSOLE_ERRORS];
  const record = (message: string) => {
    if (!allowed.some((pattern) => pattern.test(message))) errors.push(message);
  };
  return {
    errors,
    allow(pattern) {
      allowed.push(pattern);
      for (let i = errors.length - 1; i >= 0; i--) if (pattern.test(errors[i] ?? '')) errors.splice(i, 1);
    },
    watch(context) {
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        record(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      context.on('weberror', (webError) => record(`uncaught exception: ${webError.error().message}`));
      context.on('requestfailed', (request) => {
        const failure = request.failure()?.errorText ?? 'unknown error';
        if (failure !== ABORTED_REQUEST)
          record(`request failed: ${request.method()} ${request.url()} (${failure})`);
      });
    },
    assertClean() {
      if (errors.length > 0) {
        throw new Error(
          `The browser reported ${errors.length} error(s) during the test:\n${errors.map((e) => `  - ${e}`).join('\n')}`,
        );
      }
    },
  };
}

type Fixtures = {
  consoleGuard: ConsoleGuard;
  /** Opens a page in a new context (its own cookies) at the given viewport, with the same options and guard. */
  newPage: (viewport?: ViewportSize) => Promise<Page>;
};

/**
 * The cookie consent banner of a first visit covers the bottom of the viewport: contexts start as a reader who already
 * chose (everything refused). consent.e2e.ts clears the cookie to test the banner.
 */
async function withConsentChoice(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'v1%3A', url: baseUrl() }]);
}

export const test = base.extend<Fixtures>({
  context: async (
    { context }: { context: BrowserContext },
    use: (context: BrowserContext) => Promise<void>,
  ) => {
    await withConsentChoice(context);
    await use(context);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  consoleGuard: [
    async ({ context }, use) => {
      const guard = createConsoleGuard();
      guard.watch(context);
      await use(guard);
      guard.assertClean();
    },
    { auto: true },
  ],
  newPage: async ({ browser, consoleGuard }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (viewport = DESKTOP) => {
      // The context options of playwright.config.ts (baseURL, locale, time zone) apply to this context too.
      const context = await browser.newContext({ viewport });
      await withConsentChoice(context);
      consoleGuard.watch(context);
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

type AxeOptions = {
  /** Rule ids to leave out, each with a reason at the call site. */
  disableRules?: string[];
  /** Only check inside this selector. */
  include?: string;
  /** Rule ids to run beyond the tags, such as axe's experimental `label-content-name-mismatch`. */
  enableRules?: string[];
};

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export const expect = baseExpect.extend({
  /**
   * axe-core finds no violation on the page as it is now: WCAG 2.0, 2.1 and 2.2 levels A and AA, plus axe's best
   * practices. The failure lists each rule, its help link and the offending elements.
   */
  async toPassAxe(page: Page, options: AxeOptions = {}) {
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
    if (options.enableRules?.length) {
      builder = builder.options({
        rules: Object.fromEntries(options.enableRules.map((rule) => [rule, { enabled: true }])),
      });
    }
    // After a client-side navigation Next.js sets the new page's <title> a moment after its content: wait for it
    // (5 s at most) so axe judges the page, not the transition. A page without a title still fails below.
    await page
      .waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 })
      .catch(() => {});
    const { violations } = await builder.analyze();
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
    return {
      pass: violations.length === 0,
      name: 'toPassAxe',
      message: () =>
        violations.length === 0
          ? `axe found no violation on ${page.url()}`
          : `axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n${report}`,
    };
  },
});

/** Saves a full-page PNG under test-results/screenshots/ (kept between runs, for a look at the pages). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(
    SCREENSHOTS_DIR,
    `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-|-$/g, '')}.png`,
  );
  await page.screenshot({ path: file, fullPage: true });
}

/**
 * Resolves once React has hydrated the element, i.e. its event handlers are attached. An interaction before that
 * (a select changed, a button clicked) does nothing, which on a loaded machine makes tests flaky.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await baseExpect(locator).toBeAttached();
  await baseExpect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))),
    )
    .toBe(true);
}
