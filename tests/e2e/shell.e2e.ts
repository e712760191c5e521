import type { Page } from 'playwright-core';
import { MEGA_MENU_DELAY_MS, MENU_CLOSE_DELAY_MS } from '@/lib/constants';
import {
  baseUrl,
  DESKTOP,
  expect,
  expectNoAxeViolations,
  MOBILE,
  screenshot,
  test,
  waitForHydration,
} from './support/browser';

/**
 * The site shell (header, menus, burger, footer, login and registration modal, newsletter block, 404) in
 * Chromium, against the seeded server.
 */

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const trigger = (page: Page, name: string) => navigation(page).getByRole('button', { name, exact: true });

/** A fresh address for each run, so registration always creates an account. */
function uniqueEmail(): string {
  return `lecteur.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemple.fr`;
}

test('a dropdown opens on hover and closes 500 ms after the pointer leaves', async ({ page }) => {
  await page.goto('/');
  await trigger(page, 'Actualités').hover();
  const link = navigation(page).getByRole('link', { name: 'Toutes les actualités' });
  await link.waitFor({ state: 'visible' });
  await page.mouse.move(640, 700);
  const left = Date.now();
  await page.waitForTimeout(MENU_CLOSE_DELAY_MS / 2);
  expect(await link.isVisible()).toBe(true);
  await link.waitFor({ state: 'hidden' });
  expect(Date.now() - left).toBeGreaterThanOrEqual(MENU_CLOSE_DELAY_MS - 50);
});

test('a dropdown opens on click and closes on a click outside', async ({ page }) => {
  await page.goto('/');
  await trigger(page, 'Ressources').click();
  const link = navigation(page).getByRole('link', { name: /Livres blancs/ });
  await link.waitFor({ state: 'visible' });
  await page.locator('footer').click({ position: { x: 5, y: 5 } });
  await link.waitFor({ state: 'hidden' });
  expect(await trigger(page, 'Ressources').getAttribute('aria-expanded')).toBe('false');
});

test('the Shop mega-menu opens 500 ms after the pointer arrives, with three featured mementos', async ({
  page,
}) => {
  await page.goto('/');
  await trigger(page, 'Boutique').hover();
  const arrived = Date.now();
  const featured = page.getByRole('region', { name: 'Nos mémentos à la une' });
  await featured.waitFor({ state: 'visible' });
  expect(Date.now() - arrived).toBeGreaterThanOrEqual(MEGA_MENU_DELAY_MS - 50);
  expect(await featured.getByRole('listitem').count()).toBe(3);
  await screenshot(page, 'shell-mega-menu-desktop');
  await expectNoAxeViolations(page, { include: 'header' });
});

test('every menu works by keyboard alone', async ({ page }) => {
  await page.goto('/');
  await trigger(page, 'Actualités').focus();
  await page.keyboard.press('Enter');
  expect(await trigger(page, 'Actualités').getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Toutes les actualités');
  await page.keyboard.press('Escape');
  expect(await trigger(page, 'Actualités').getAttribute('aria-expanded')).toBe('false');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Actualités');

  await trigger(page, 'Boutique').focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('region', { name: 'Nos mémentos à la une' }).waitFor({ state: 'visible' });
  expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Mémento Fiscal');
  await page.keyboard.press('Escape');

  const account = page.getByRole('button', { name: 'Mon compte', exact: true });
  await account.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});

test('the burger menu locks page scrolling, keeps the focus and closes on Escape', async ({ newPage }) => {
  const page = await newPage(MOBILE);
  await page.goto('/');
  expect(await navigation(page).isVisible()).toBe(false);
  const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
  expect(await overflow()).not.toBe('hidden');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor({ state: 'visible' });
  expect(await overflow()).toBe('hidden');
  await expect.poll(() => menu.getByLabel('Votre métier').count()).toBe(1);
  await menu.getByRole('button', { name: 'Actualités' }).click();
  await menu.getByRole('link', { name: 'Fiscal' }).waitFor({ state: 'visible' });
  for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
  expect(await menu.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await screenshot(page, 'shell-burger-mobile');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  expect(await overflow()).not.toBe('hidden');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
});

/** The text of every script the page fetches, from now on. */
function recordScripts(page: Page): () => Promise<string> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return async () => (await Promise.all(bodies)).join('\n');
}

test('the login modal and the burger menu fetch their script when first opened, not with the page', async ({
  page,
  newPage,
}) => {
  // Strings of the registration form and of Radix Dialog's scroll lock, found in no other script.
  const forms = 'Confirmation du mot de passe';
  const dialog = 'right-scroll-bar-position';

  const scripts = recordScripts(page);
  await page.goto('/');
  const account = page.getByRole('button', { name: 'Mon compte', exact: true });
  await waitForHydration(account);
  expect(await scripts()).not.toContain(forms);
  expect(await scripts()).not.toContain(dialog);
  await account.click();
  await page.getByRole('button', { name: 'Se connecter ou créer un compte' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^Confirmation du mot de passe/)
    .waitFor();
  expect(await scripts()).toContain(forms);
  expect(await scripts()).toContain(dialog);

  const phone = await newPage(MOBILE);
  const phoneScripts = recordScripts(phone);
  await phone.goto('/');
  const burger = phone.getByRole('button', { name: 'Menu', exact: true });
  await waitForHydration(burger);
  expect(await phoneScripts()).not.toContain(dialog);
  // Kept as an element: once the dialog is open, the page behind it leaves the accessibility tree.
  const button = await burger.elementHandle();
  await burger.click();
  await phone.getByRole('dialog', { name: 'Menu' }).waitFor();
  expect(await button?.getAttribute('aria-expanded')).toBe('true');
  expect(await phoneScripts()).toContain(dialog);
});

test('registration in the modal creates the account, logs in and closes; logout and login again', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
  await page.getByRole('button', { name: 'Se connecter ou créer un compte' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  await screenshot(page, 'shell-auth-modal-desktop');
  await expectNoAxeViolations(page);

  const register = dialog.getByRole('region', { name: 'Créer un compte' });
  await register.getByRole('button', { name: 'Créer mon compte' }).click();
  expect(await register.getByText('Ce champ est obligatoire').count()).toBe(7);

  const email = uniqueEmail();
  await expect
    .poll(() =>
      register
        .getByLabel(/^Civilité/)
        .locator('option')
        .count(),
    )
    .toBe(7);
  await register.getByLabel(/^Civilité/).selectOption('14');
  await register.getByLabel(/^Nom/).fill('Lemaire');
  await register.getByLabel(/^Prénom/).fill('Claire');
  await register.getByLabel(/^Adresse e-mail/).fill(email);
  await register.getByLabel(/^Mot de passe/).fill('court');
  await register.getByLabel(/^Confirmation du mot de passe/).focus();
  await register
    .getByText(
      'Le mot de passe doit contenir au moins 8 caractères. Les espaces en début et fin de texte seront ignorés.',
    )
    .waitFor();
  await register.getByLabel(/^Mot de passe/).fill('Tva-Ris8!Quotidienne');
  await register.getByLabel(/^Confirmation du mot de passe/).fill('Tva-Ris8!Quotidienne');
  await register.getByLabel(/^Fonction/).selectOption('DRH');
  await register.getByRole('button', { name: 'Créer mon compte' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const named = page.getByRole('button', { name: 'Claire L.' });
  await named.waitFor({ state: 'visible' });

  await named.click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Se déconnecter' }).click(),
  ]);
  await page.getByRole('button', { name: 'Mon compte', exact: true }).waitFor({ state: 'visible' });

  await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
  await page.getByRole('button', { name: 'Se connecter ou créer un compte' }).click();
  // The wrong password below is a 401 of /api/eshop/login, which Chromium logs as a failed resource.
  page.consoleGuard.allow(/401.*\/api\/eshop\/login/);
  const login = page.getByRole('dialog').getByRole('region', { name: 'Se connecter' });
  await login.getByLabel(/^Adresse e-mail/).fill(email);
  await login.getByLabel(/^Mot de passe/).fill('Mauvais#2026');
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await login.getByRole('alert').waitFor();
  expect(await login.getByRole('alert').textContent()).toBe('Adresse e-mail ou mot de passe incorrect.');
  await login.getByLabel(/^Mot de passe/).fill('Tva-Ris8!Quotidienne');
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Claire L.' }).waitFor({ state: 'visible' });
});

test('the newsletter block: 200 thanks the reader (209 once confirmed: accounts.e2e.ts)', async ({
  page,
}) => {
  await page.goto('/');
  const block = page.getByRole('region', { name: 'Newsletter gratuite' }).first();
  const email = uniqueEmail();
  await block.getByLabel('Votre adresse e-mail').fill('pas-une-adresse');
  await block.getByRole('button', { name: 'Je m’inscris' }).click();
  expect(await block.locator('p[id$="-error"]').textContent()).toBe('Veuillez saisir un email valide.');

  await block.getByLabel('Votre adresse e-mail').fill(email);
  const first = page.waitForResponse('**/api/contentAlert/subscription');
  await block.getByRole('button', { name: 'Je m’inscris' }).click();
  expect((await first).status()).toBe(200);
  const status = block.getByRole('status');
  await expect.poll(() => status.textContent()).toBe('Merci pour votre inscription à notre newsletter !');

  // Double opt-in: until the e-mailed link is followed the address is not subscribed, so a second try is a 200 too.
  const second = page.waitForResponse('**/api/contentAlert/subscription');
  await block.getByRole('button', { name: 'Je m’inscris' }).click();
  expect((await second).status()).toBe(200);
  await screenshot(page, 'shell-newsletter-thanks');
});

test('an unknown path is the 404 page', async ({ page }) => {
  // The document itself answers 404: Chromium logs it as a failed resource.
  page.consoleGuard.allow(/status of 404/);
  const response = await page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { level: 1, name: 'Page non trouvée' }).waitFor();
  await page.getByText(/Utilisez la barre de recherche/).waitFor();
  expect(await page.getByRole('link', { name: 'Retour à la page précédente' }).count()).toBe(1);
  expect(await page.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`the shell has no axe violation (${name})`, async ({ newPage }) => {
    const page = await newPage(viewport);
    page.consoleGuard.allow(/status of 404/);
    await page.goto('/cette-page-n-existe-pas');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, `shell-404-${name}`);
    await expectNoAxeViolations(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await screenshot(page, `shell-footer-${name}`);
  });
}

test('without JavaScript the newsletter and login forms post to the server and come back with the message', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: DESKTOP,
    baseURL: baseUrl(),
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const block = page.getByRole('region', { name: 'Newsletter gratuite' }).first();
    await block.getByLabel('Votre adresse e-mail').fill(uniqueEmail());
    await block.getByRole('button', { name: 'Je m’inscris' }).click();
    await page.waitForURL(/#newsletter-merci$/);
    await page.getByText('Merci pour votre inscription à notre newsletter !').waitFor({ state: 'visible' });

    await page.goto('/#connexion');
    const register = page.locator('#connexion').getByRole('region', { name: 'Créer un compte' });
    expect(
      await register
        .getByLabel(/^Civilité/)
        .locator('option')
        .count(),
    ).toBe(7);
    expect(
      await register
        .getByLabel(/^Fonction/)
        .locator('option')
        .count(),
    ).toBeGreaterThan(1);
    const login = page.locator('#connexion').getByRole('region', { name: 'Se connecter' });
    await login.getByLabel(/^Adresse e-mail/).fill('personne.inconnue@exemple.fr');
    await login.getByLabel(/^Mot de passe/).fill('Inconnu#Mot2Passe');
    await login.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/#connexion-message-\d+$/);
    await page.getByText('Adresse e-mail ou mot de passe incorrect.').waitFor({ state: 'visible' });
    expect(new URL(page.url()).search).toBe('');
  } finally {
    await context.close();
  }
});
