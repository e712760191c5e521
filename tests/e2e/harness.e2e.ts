import { describe } from 'vitest';
import { expect, expectNoAxeViolations, guardConsole, test } from './support/browser';

// Checks of the harness itself, on pages built in the browser (no server route involved): a guard that never
// fires or an axe check that never fails would let every spec pass silently.

describe('the console-error guard', () => {
  test('records console.error calls and uncaught exceptions', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const guard = guardConsole(page);
      await page.setContent('<p>ok</p>');
      guard.assertClean();
      await page.evaluate(() => console.error('boom'));
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('kaboom');
        });
      });
      await page.waitForTimeout(100);
      expect(guard.errors).toHaveLength(2);
      expect(guard.errors[0]).toContain('console.error: boom');
      expect(guard.errors[1]).toContain('uncaught exception: kaboom');
      expect(() => guard.assertClean()).toThrow(/2 error/);
      guard.allow(/boom/);
      expect(guard.errors).toHaveLength(0);
      guard.assertClean();
    } finally {
      await context.close();
    }
  });

  test('allows the anonymous 401 of /api/eshop/me by default, and no other 401', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const guard = guardConsole(page);
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
      await expect.poll(() => guard.errors.length).toBe(1);
      expect(guard.errors[0]).toContain('/api/autre');
    } finally {
      await context.close();
    }
  });

  // The page fixture fails a test whose page logged an error, even though the test body itself passed.
  test.fails('fails a test whose page logs a console error', async ({ page }) => {
    await page.setContent('<p>ok</p>');
    await page.evaluate(() => console.error('an error the test did not expect'));
  });
});

describe('expectNoAxeViolations', () => {
  test('passes on an accessible page', async ({ page }) => {
    await page.setContent(
      '<!doctype html><html lang="fr"><head><title>Essai</title></head><body><main><h1>Titre</h1><p>Texte</p></main></body></html>',
    );
    await expectNoAxeViolations(page);
  });

  test('fails with the rule and the element on an inaccessible page', async ({ page }) => {
    await page.setContent(
      '<!doctype html><html lang="fr"><head><title>Essai</title></head><body><main><h1>Titre</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt"></main></body></html>',
    );
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt[\s\S]*#no-alt/);
  });
});
