import type { Page } from '@playwright/test';
import { expect, MOBILE, test } from './support/fixtures';
import { slowPhone } from './support/slow-phone';

/**
 * A reader's actions on a phone whose CPU is four times slower, each one repeated, each taking effect once: the
 * phone menu after a search or a job, the search's tabs, the login window.
 */

test.use({ viewport: MOBILE, hasTouch: true, isMobile: true });

/** Entries in this tab's history: an action that navigates once adds one. */
const historyLength = (page: Page) => page.evaluate(() => history.length);

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu', exact: true }).tap();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  return menu;
}

/** The menu is gone and the page scrolls again. */
async function expectMenuClosed(page: Page) {
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
}

test.describe('CPU 4x slower', () => {
  test.beforeEach(async ({ page }) => {
    test.setTimeout(120_000);
    await slowPhone(page);
  });

  test('a search from the phone menu closes it, by Enter, « Rechercher » or a suggestion, each time', async ({
    page,
  }) => {
    await page.goto('/actualite');
    for (const [index, how] of (['Entrée', 'Rechercher', 'suggestion', 'Entrée'] as const).entries()) {
      const menu = await openMenu(page);
      const field = menu.getByRole('combobox', { name: 'Rechercher' });
      // Each search another address: Next.js pushes no history entry for the address already shown.
      const term = ['paie', 'tva', '', 'congés'][index] ?? 'paie';
      const before = await historyLength(page);
      const previous = page.url();
      if (how === 'suggestion') {
        await field.fill('pai');
        const suggestion = menu.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first();
        await expect(suggestion).toBeVisible();
        // The list reacts on the press (before the field's blur): a touch tap presses the option.
        await suggestion.click();
      } else {
        await field.fill(term);
        if (how === 'Entrée') await field.press('Enter');
        else await menu.getByRole('button', { name: 'Rechercher', exact: true }).tap();
      }
      await expect(page).not.toHaveURL(previous);
      await expect(page).toHaveURL(/\/search\?term=/);
      await expect(page.getByRole('heading', { level: 1, name: /^Résultats pour/ })).toBeVisible();
      await expectMenuClosed(page);
      expect(await historyLength(page)).toBe(before + 1);
    }
    // The results scroll under the reader's finger again.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  });

  test('« Votre métier » in the phone menu closes it once the trade is chosen, each time', async ({
    page,
  }) => {
    await page.goto('/');
    for (const trade of ['fiscal', 'social', 'fiscal']) {
      const menu = await openMenu(page);
      await menu.getByLabel('Votre métier').selectOption(trade);
      await expect(page).toHaveURL(new RegExp(`[?&]metier=${trade}`));
      await expectMenuClosed(page);
    }
  });

  test('the login window: the first tap on « Rester connecté » or « Mot de passe oublié ? » acts, once, nothing moves', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Mon compte', exact: true }).tap();
    await page.getByRole('button', { name: 'Se connecter ou créer un compte' }).tap();
    const login = page.getByRole('dialog').getByRole('region', { name: 'Se connecter' });
    const email = login.getByLabel(/^Adresse e-mail/);
    // The window focuses its first field: leaving it untouched says nothing and moves nothing.
    await expect(email).toBeFocused();
    const forgot = login.getByRole('link', { name: /Mot de passe oublié/ });
    const forgotTop = async () => Math.round((await forgot.boundingBox())?.y ?? -1);
    const before = await forgotTop();
    const remember = login.getByRole('checkbox', { name: /Rester connecté/ });
    for (const checked of [true, false, true]) {
      await remember.tap();
      await expect(remember).toBeChecked({ checked });
      expect(await forgotTop()).toBe(before);
    }
    await expect(login.getByText('Ce champ est obligatoire')).toHaveCount(0);

    // A field typed in and left invalid says so; the submit checks every field.
    await email.fill('claire');
    await remember.tap();
    await expect(login.getByText('Veuillez saisir un email valide.')).toBeVisible();
    await login.getByRole('button', { name: 'Se connecter' }).tap();
    await expect(login.getByText('Ce champ est obligatoire')).toHaveCount(1);

    const historyBefore = await historyLength(page);
    await forgot.tap();
    await expect(page).toHaveURL(/\/mot-de-passe-oublie/);
    expect(await historyLength(page)).toBe(historyBefore + 1);
  });

  test('the login window closed with Escape gives the focus back to « Mon compte »', async ({ page }) => {
    await page.goto('/');
    const account = page.getByRole('button', { name: 'Mon compte', exact: true });
    await account.tap();
    await page.getByRole('button', { name: 'Se connecter ou créer un compte' }).tap();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('region', { name: 'Se connecter' })
        .getByLabel(/^Adresse e-mail/),
    ).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(account).toBeFocused();
  });

  test('each document-type tab shows as many results as it counts, the first result on the first screen', async ({
    page,
  }) => {
    await page.goto('/search?term=paie');
    const types = page.getByRole('navigation', { name: 'Types de document' });
    const tabs = types.getByRole('link', { name: /\(\d+\)$/ });
    await expect(tabs.first()).toBeVisible();
    // The type tabs are one row that scrolls sideways: the results start on the first screen.
    expect((await types.boundingBox())?.height ?? 999).toBeLessThan(80);
    expect(
      (await page.getByRole('heading', { level: 2, name: /résultat/ }).boundingBox())?.y ?? 999,
    ).toBeLessThan(812);
    const labels = await tabs.allTextContents();
    const news = labels.find((label) => label.startsWith('Actualités ('));
    for (const label of [...new Set([news, ...labels.slice(0, 3)])]) {
      if (!label) continue;
      const count = Number(/\((\d+)\)$/.exec(label)?.[1]);
      await page.goto('/search?term=paie');
      await types.getByRole('link', { name: label, exact: true }).tap();
      await expect(page.getByRole('heading', { level: 2, name: /résultat/ })).toHaveText(
        `${count.toLocaleString('fr-FR')} résultat${count > 1 ? 's' : ''}`,
      );
      await expect(types.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });
});
