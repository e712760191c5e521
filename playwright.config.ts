import { defineConfig } from '@playwright/test';

/**
 * End-to-end specs (docs/TESTING.md): tests/e2e/**\/*.e2e.ts in Debian's Chromium, against the built site served
 * by `npm start` on a seeded PGlite database that the global setup prepares (or against E2E_BASE_URL when set).
 * Run them with `npm run test:e2e` (it adds Node's react-server condition, which specs importing server modules
 * need).
 */

/** The flags that work on our machines: no sandbox as root, no GPU, no calls home on a closed network. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  // Build, seed and start the server once; its teardown stops it and deletes the data.
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  // One server, one 2-core machine: one browser at a time, spec files one after another.
  workers: 1,
  fullyParallel: false,
  // A real browser on a loaded 2-core CI machine can miss a timing once; a test that fails twice is red. Locally
  // there is no retry, so a flaky test shows up where it is written.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // Web-first assertions retry until this long: a loaded machine renders late, never wrongly.
  expect: { timeout: 15_000 },
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    // Read by `npm test` for its summary line.
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/playwright-e2e.json' }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
