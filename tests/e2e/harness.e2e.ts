import { createConsoleGuard, expect, test } from './support/fixtures';

// Checks of the fixtures themselves, on pages built in the browser (no server route involved): a guard that never
// fires or an axe check that never fails would let every spec pass silently.

test.describe('the console guard', () => {
  test('records console.error calls, uncaught exceptions and failed requests', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const guard = createConsoleGuard();
      guard.watch(context);
      const page = await context.newPage();
      await page.setContent('<p>ok</p>');
      guard.assertClean();
      await page.evaluate(() => console.error('boom'));
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('kaboom');
        });
      });
      await page.route('http://unreachable.test/**', (route) => route.abort('connectionrefused'));
      await page.evaluate(() => fetch('http://unreachable.test/data').catch(() => undefined));
      // Chromium also logs the refused request as a console error: both are recorded.
      await expect
        .poll(() => guard.errors)
        .toEqual(
          expect.arrayContaining([
            expect.stringContaining('console.error: boom'),
            expect.stringContaining('uncaught exception: kaboom'),
            'request failed: GET http://unreachable.test/data (net::ERR_CONNECTION_REFUSED)',
          ]),
        );
      expect(() => guard.assertClean()).toThrow(/The browser reported \d+ error/);
      guard.allow(/boom|unreachable/);
      expect(guard.errors).toHaveLength(0);
      guard.assertClean();
    } finally {
      await context.close();
    }
  });

  test('allows the anonymous 401 of /api/eshop/me by default, and no other 401', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const guard = createConsoleGuard();
      guard.watch(context);
      const page = await context.newPage();
      await page.route('http://site.test/**', (route) => {
        const { pathname } = new URL(route.request().url());
        if (pathname === '/') {
          return route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><title>Essai</title><p>ok</p>',
          });
        }
        if (pathname === '/favicon.ico') return route.fulfill({ contentType: 'image/x-icon', body: '' });
        return route.fulfill({ status: 401, contentType: 'application/json', body: '{}' });
      });
      await page.goto('http://site.test/');
      await page.evaluate(() => Promise.all([fetch('/api/eshop/me'), fetch('/api/autre')]));
      await expect.poll(() => guard.errors).toEqual([expect.stringContaining('/api/autre')]);
    } finally {
      await context.close();
    }
  });

  // The automatic guard fails a test whose page logged an error, even though the test body itself passed.
  test('fails a test whose page logs a console error', async ({ page }) => {
    test.fail();
    await page.setContent('<p>ok</p>');
    await page.evaluate(() => console.error('an error the test did not expect'));
  });
});

test.describe('toPassAxe', () => {
  test('passes on an accessible page', async ({ page }) => {
    await page.setContent(
      '<!doctype html><html lang="fr"><head><title>Essai</title></head><body><main><h1>Titre</h1><p>Texte</p></main></body></html>',
    );
    await expect(page).toPassAxe();
  });

  test('fails with the rule and the element on an inaccessible page', async ({ page }) => {
    await page.setContent(
      '<!doctype html><html lang="fr"><head><title>Essai</title></head><body><main><h1>Titre</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt"></main></body></html>',
    );
    await expect(expect(page).toPassAxe()).rejects.toThrow(/image-alt[\s\S]*#no-alt/);
  });
});
