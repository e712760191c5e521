import type { Page, Request } from '@playwright/test';
import { CONSENT_CHANGE_EVENT, CONSENT_OPEN_EVENT } from '@/client/consent';
import { CONSENT_COOKIE } from '@/lib/consent';
import { PATHS } from '@/lib/constants';
import {
  type ConsoleGuard,
  DESKTOP,
  expect,
  MOBILE,
  screenshot,
  test,
  waitForHydration,
} from './support/fixtures';
import { holdScripts, slowPhone } from './support/slow-phone';

/**
 * The cookie consent banner (CNIL), read from the browser's network log: no request to the tag manager
 * (ANALYTICS_SCRIPT_URL, set by scripts/e2e.ts as E2E_ANALYTICS_URL) before "Tout accepter", none after "Tout
 * refuser", one after accepting.
 */

function analyticsUrl(): string {
  const url = process.env.E2E_ANALYTICS_URL;
  if (!url)
    throw new Error(
      'E2E_ANALYTICS_URL is not set: scripts/e2e.ts sets it with the server’s ANALYTICS_SCRIPT_URL.',
    );
  return url;
}

/** A first visit: the harness's default choice removed; answers the requests made to the tag manager. */
async function firstVisit(page: Page, consoleGuard: ConsoleGuard): Promise<Request[]> {
  await page.context().clearCookies({ name: CONSENT_COOKIE });
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === analyticsUrl()) requests.push(request);
  });
  // Nothing listens at the tag manager's address: its request fails, which is what an accepted consent looks like here.
  consoleGuard.allow(new RegExp(analyticsUrl().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
  consoleGuard.allow(/analytics n’a pas pu être chargée/);
  return requests;
}

const footerConsentButton = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Paramètres des cookies' });

/** Lets the page settle: hydrated (the footer's consent button has its handlers), the network quiet. */
async function settle(page: Page): Promise<void> {
  await waitForHydration(footerConsentButton(page));
  await page.waitForLoadState('networkidle');
}

/**
 * Opens the consent settings as the footer's button does (its event: the notice may cover the footer) and waits
 * for them: the consent manager hears that event in a listener its first effect installed, the effect that starts
 * the tag manager when allowed, and the settings' own chunk comes over the network after it. A request for the
 * tag manager that was coming has come by then.
 */
async function afterConsentEffects(page: Page): Promise<void> {
  const settings = page.getByRole('dialog', { name: 'Paramètres des cookies' });
  await expect
    .poll(async () => {
      await page.evaluate((type) => window.dispatchEvent(new Event(type)), CONSENT_OPEN_EVENT);
      return settings.isVisible();
    })
    .toBe(true);
}

test('before any choice: the banner, and no request to the tag manager', async ({ page, consoleGuard }) => {
  const requests = await firstVisit(page, consoleGuard);
  const privacyRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(PATHS.privacy)) privacyRequests.push(request.url());
  });
  await page.goto('/');
  const banner = page.getByRole('dialog', { name: 'Vos choix sur les cookies' });
  await banner.waitFor();
  await settle(page);
  // Refusing is as visible as accepting: same size, side by side.
  const refuse = await banner.getByRole('button', { name: 'Tout refuser' }).boundingBox();
  const accept = await banner.getByRole('button', { name: 'Tout accepter' }).boundingBox();
  expect(refuse?.height).toBe(accept?.height);
  expect(refuse?.width).toBe(accept?.width);
  await screenshot(page, 'consent-banner-desktop');
  // Its privacy link is not prefetched: every first visitor would cost the server a render of that page.
  expect(privacyRequests).toEqual([]);
  await afterConsentEffects(page);
  expect(requests).toHaveLength(0);
});

test('the notice is painted with the page, before any script file; a reader who chose never sees it', async ({
  page,
  consoleGuard,
}) => {
  await firstVisit(page, consoleGuard);
  // No script file at all: what the reader sees before the framework has loaded.
  await page.route(/\/_next\/static\/chunks\/.*\.js/, (route) => route.abort());
  consoleGuard.allow(/Failed to load resource|ChunkLoadError|net::ERR_FAILED/);
  await page.goto('/actualite');
  const notice = page.getByRole('dialog', { name: 'Vos choix sur les cookies' });
  await expect(notice).toBeVisible();
  // Its buttons look live and are: a tap before the scripts is kept for them (the phone tests below).
  await expect(notice.getByRole('button', { name: 'Tout refuser' })).toBeEnabled();

  // A reader who has chosen: hidden before the first paint by the head script, without any script file.
  await page
    .context()
    .addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent('v1:'), url: page.url() }]);
  await page.goto('/agenda');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toBeHidden();
});

test('"Tout refuser": no request, now or on the next pages', async ({ page, consoleGuard }) => {
  const requests = await firstVisit(page, consoleGuard);
  await page.goto('/');
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.goto('/actualite');
  await settle(page);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await afterConsentEffects(page);
  expect(requests).toHaveLength(0);
});

test('"Tout accepter": one request, and the choice is kept for the next pages', async ({
  page,
  consoleGuard,
}) => {
  const requests = await firstVisit(page, consoleGuard);
  await page.goto('/');
  await page.getByRole('button', { name: 'Tout accepter' }).click();
  await expect.poll(() => requests.length).toBe(1);
  const cookie = (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
  // Kept 6 months (183 days), give or take the test's own seconds.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(182 * 24 * 3600);
  await page.goto('/actualite');
  await settle(page);
  expect(await page.getByRole('dialog').count()).toBe(0);
});

test('"Paramètres des cookies" in the footer reopens the choice, one purpose at a time', async ({
  page,
  consoleGuard,
}) => {
  const requests = await firstVisit(page, consoleGuard);
  await page.goto('/');
  await page.getByRole('button', { name: 'Personnaliser' }).click();
  const settings = page.getByRole('dialog', { name: 'Paramètres des cookies' });
  await settings.getByRole('checkbox', { name: /Datawrapper/ }).check();
  await settings.getByRole('button', { name: 'Enregistrer mes choix' }).click();
  await settings.waitFor({ state: 'hidden' });
  expect(requests).toHaveLength(0);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Paramètres des cookies' }).click();
  await settings.waitFor();
  expect(await settings.getByRole('checkbox', { name: /Datawrapper/ }).isChecked()).toBe(true);
  expect(await settings.getByRole('checkbox', { name: /Mesure d’audience/ }).isChecked()).toBe(false);
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'hidden' });
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe finds no violation with the banner and with the settings open (${name})`, async ({
    newPage,
    consoleGuard,
  }) => {
    const page = await newPage(viewport);
    await firstVisit(page, consoleGuard);
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Vos choix sur les cookies' }).waitFor();
    await expect(page).toPassAxe();
    await page.getByRole('button', { name: 'Personnaliser' }).click();
    await page.getByRole('dialog', { name: 'Paramètres des cookies' }).waitFor();
    await expect(page).toPassAxe();
    await screenshot(page, `consent-settings-${name}`);
  });
}

test.describe('phone, CPU 4x slower, slow connection: taps before the scripts', () => {
  test.use({ viewport: MOBILE, hasTouch: true, isMobile: true });

  /** A first visit on the slow phone, its scripts held; counts the choices the page announces. */
  async function slowFirstVisit(page: Page, consoleGuard: ConsoleGuard) {
    await firstVisit(page, consoleGuard);
    await page.addInitScript((event) => {
      (window as unknown as { consentChanges: number }).consentChanges = 0;
      addEventListener(event, () => {
        (window as unknown as { consentChanges: number }).consentChanges += 1;
      });
    }, CONSENT_CHANGE_EVENT);
    await slowPhone(page, { network: true });
    const scripts = await holdScripts(page);
    // Not `load`: the loader adds the held scripts before it, and the page's load waits for them.
    await page.goto('/actualite', { waitUntil: 'domcontentloaded' });
    const notice = page.getByRole('dialog', { name: 'Vos choix sur les cookies' });
    await expect(notice).toBeVisible();
    const changes = () =>
      page.evaluate(() => (window as unknown as { consentChanges: number }).consentChanges);
    return { notice, scripts, changes };
  }

  for (const [name, refused] of [
    ['Tout refuser', true],
    ['Tout accepter', false],
  ] as const) {
    test(`« ${name} » tapped three times before the scripts: the choice is saved once, Secure`, async ({
      page,
      consoleGuard,
    }) => {
      test.setTimeout(90_000);
      const { notice, scripts, changes } = await slowFirstVisit(page, consoleGuard);
      const button = notice.getByRole('button', { name });
      for (let tap = 0; tap < 3; tap += 1) await button.tap();
      expect(await scripts.hydrated()).toBe(false);
      scripts.release();
      await expect(notice).toBeHidden({ timeout: 60_000 });
      expect(await scripts.hydrated()).toBe(true);
      await expect.poll(changes).toBe(1);
      const cookie = (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
      expect(decodeURIComponent(cookie?.value ?? '')).toEqual(
        refused ? 'v1:' : expect.stringContaining('analytics'),
      );
      // Spec section 9: Secure and SameSite=Lax (localhost is a secure context).
      expect(cookie?.secure).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(notice).toBeHidden();
    });
  }

  test('« Personnaliser » tapped three times before the scripts: the settings open once', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    const { notice, scripts, changes } = await slowFirstVisit(page, consoleGuard);
    const button = notice.getByRole('button', { name: 'Personnaliser' });
    for (let tap = 0; tap < 3; tap += 1) await button.tap();
    scripts.release();
    const settings = page.getByRole('dialog', { name: 'Paramètres des cookies' });
    await expect(settings).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await changes()).toBe(0);
    await settings.getByRole('button', { name: 'Tout refuser' }).tap();
    await expect(settings).toBeHidden();
    expect(await changes()).toBe(1);
  });
});

test('a choice made with the keyboard leaves the focus on the page’s content', async ({
  page,
  consoleGuard,
}) => {
  await firstVisit(page, consoleGuard);
  await page.goto('/actualite');
  const refuse = page.getByRole('button', { name: 'Tout refuser' });
  await waitForHydration(refuse);
  await refuse.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('main')).toBeFocused();
});
