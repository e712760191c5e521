import type { Page } from '@playwright/test';
import { linkPath, waitForEmail } from './support/emails';
import { DESKTOP, expect, MOBILE, screenshot, test, waitForHydration } from './support/fixtures';

/**
 * Readers' accounts (issue 19) in Chromium, each e-mail read from the server's outbox folder and its link followed:
 * forgotten password, subscription confirmed then ended by the e-mail's link, account deletion, and axe on every
 * account page.
 */

const PASSWORD = 'Tva-Ris8!Quotidienne';
const NEW_PASSWORD = 'Nouveau#Mot2Passe';

function uniqueEmail(label: string): string {
  return `compte.${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemple.fr`;
}

/** Registers a reader through the API (the modal's own call) and, unless told not to, logs this page's context in. */
async function register(page: Page, email: string, login = true): Promise<void> {
  const base = new URL(page.url() === 'about:blank' ? '/' : page.url(), process.env.E2E_BASE_URL).origin;
  const values = {
    civility: '14',
    lastname: 'Lemaire',
    firstname: 'Claire',
    email,
    password: PASSWORD,
    confirmed: PASSWORD,
    function: 'expertComptable',
    optin: 'N',
  };
  const registration = await page.request.post('/api/eshop/webFormResult', {
    headers: { origin: base },
    data: { webFormId: 50293, fields: Object.entries(values).map(([code, value]) => ({ code, value })) },
  });
  expect(registration.status()).toBe(200);
  if (login) {
    const answer = await page.request.post('/api/eshop/login', {
      headers: { origin: base },
      data: { email, password: PASSWORD },
    });
    expect(answer.status()).toBe(200);
  }
}

test('login modal: a field left by a press shows its message once the press is released', async ({
  page,
}) => {
  await page.goto('/');
  await openLoginModal(page);
  const login = page.getByRole('dialog').getByRole('region', { name: 'Se connecter' });
  const email = login.getByLabel(/^Adresse e-mail/);
  await expect(email).toBeFocused();
  // Left untouched, the field says nothing: the window focused it, not the reader.
  await login.getByLabel(/^Mot de passe/).click();
  await expect(login.getByLabel(/^Mot de passe/)).toBeFocused();
  await expect(email).not.toHaveAccessibleDescription(/./);
  await email.fill('claire');
  await login.getByLabel(/^Mot de passe/).click();
  await expect(email).toHaveAccessibleDescription('Veuillez saisir un email valide.');
  await expect(login.getByLabel(/^Mot de passe/)).toBeFocused();
});

test('a reader registered as Madame is « inscrite », and on a phone the header names her', async ({
  newPage,
}) => {
  const page = await newPage(MOBILE);
  await page.goto('/');
  await register(page, uniqueEmail('madame'));
  await page.goto('/mon-compte');
  await expect(page.getByText(/^Claire Lemaire, inscrite depuis le (1er|\d{1,2}) \S+ \d{4}$/)).toBeVisible();
  await page.goto('/actualite');
  const account = page.getByRole('banner').getByRole('button', { name: 'Claire L.' });
  await expect(account).toBeVisible();
  // The name itself shows, not only the icon: the header looks different once logged in.
  await expect(account.getByText('Claire L.')).toBeVisible();
  expect((await account.getByText('Claire L.').boundingBox())?.width ?? 0).toBeGreaterThan(20);
  // The header's row still fits the phone: no sideways scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'accounts-header-logged-in-mobile');
});

/**
 * Opens the header's login modal. The account button is in the server's HTML: a click before hydration does nothing
 * (seen on the first test of a run, while the server's first pages compile), so it waits for React's handlers.
 */
async function openLoginModal(page: Page): Promise<void> {
  const account = page.getByRole('button', { name: 'Mon compte', exact: true });
  await waitForHydration(account);
  await account.click();
  await page.getByRole('button', { name: 'Se connecter ou créer un compte' }).click();
}

/** Logs in through the header's modal, as a reader does. */
async function loginWithModal(page: Page, email: string, password: string): Promise<void> {
  await openLoginModal(page);
  const login = page.getByRole('dialog').getByRole('region', { name: 'Se connecter' });
  await login.getByLabel(/^Adresse e-mail/).fill(email);
  await login.getByLabel(/^Mot de passe/).fill(password);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Claire L.' }).waitFor({ state: 'visible' });
}

test('forgot password: the e-mailed link sets a new password, then the reader logs in with it', async ({
  page,
}) => {
  const email = uniqueEmail('oubli');
  await register(page, email, false);
  await page.goto('/');
  await openLoginModal(page);
  const forgot = page.getByRole('dialog').getByRole('link', { name: 'Mot de passe oublié ?' });
  expect(await forgot.getAttribute('href')).toBe('/mot-de-passe-oublie');
  // With the mouse, from the empty e-mail field the modal focuses: pressing on the link blurs the field, whose
  // "required" check (spec section 5) must not move the link before the button is released.
  await expect(
    page
      .getByRole('dialog')
      .getByLabel(/^Adresse e-mail/)
      .first(),
  ).toBeFocused();
  await forgot.click();
  await page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' }).waitFor();

  // The page's own fields (the layout also holds the hidden login forms of browsers without JavaScript).
  const main = page.locator('main');
  await main.getByLabel(/^Adresse e-mail/).fill(email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect
    .poll(() => page.getByRole('status').textContent())
    .toMatch(/^Si un compte existe avec cette adresse/);

  const message = await waitForEmail(email, /^Réinitialisation de votre mot de passe/);
  await page.goto(linkPath(message, '/mot-de-passe-oublie/nouveau'));
  await main.getByLabel(/^Nouveau mot de passe/).fill(NEW_PASSWORD);
  await main.getByLabel(/^Confirmation du mot de passe/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Votre mot de passe est modifié/);
  await screenshot(page, 'accounts-reset-done');

  // The link served once.
  await page.goto(linkPath(message, '/mot-de-passe-oublie/nouveau'));
  await page.getByText(/Ce lien de réinitialisation n’est plus valable/).waitFor();

  await page.goto('/');
  await loginWithModal(page, email, NEW_PASSWORD);
});

test('subscribe, confirm by the e-mail, 209 once confirmed, unsubscribe by the e-mail’s link', async ({
  page,
}) => {
  const email = uniqueEmail('lettre');
  await page.goto('/');
  const block = page.getByRole('region', { name: 'Newsletter gratuite' }).first();
  await block.getByLabel('Votre adresse e-mail').fill(email);
  await block.getByRole('button', { name: 'Je m’inscris' }).click();
  await expect
    .poll(() => block.getByRole('status').textContent())
    .toBe('Merci pour votre inscription à notre newsletter !');

  const confirmation = await waitForEmail(email, /^Confirmez votre inscription à la newsletter/);
  await page.goto(linkPath(confirmation, '/confirmation'));
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Votre inscription est confirmée/);

  await page.goto('/');
  const again = page.getByRole('region', { name: 'Newsletter gratuite' }).first();
  await again.getByLabel('Votre adresse e-mail').fill(email);
  const answer = page.waitForResponse('**/api/contentAlert/subscription');
  await again.getByRole('button', { name: 'Je m’inscris' }).click();
  expect((await answer).status()).toBe(209);
  await expect
    .poll(() => again.getByRole('status').textContent())
    .toBe('Vous êtes déjà inscrit à la newsletter');
  // Shown in red (spec section 4).
  expect(await again.getByRole('status').evaluate((node) => getComputedStyle(node).color)).toBe(
    'rgb(179, 38, 45)',
  );

  // Without the e-mail's token the page unsubscribes nobody: it has the signed link e-mailed.
  await page.goto(`/unsubscribe/${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Confirmer la désinscription' }).click();
  await expect
    .poll(() => page.getByRole('status').textContent())
    .toMatch(/^Pour confirmer la désinscription/);
  const unsubscribe = await waitForEmail(email, /^Confirmez votre désinscription/);
  await page.goto(linkPath(unsubscribe, '/unsubscribe/'));
  await expect
    .poll(() => page.getByRole('status').textContent())
    .toBe('Votre demande a bien été prise en compte : cette adresse ne recevra plus la newsletter.');
});

test('Mon compte: "Supprimer mon compte" asks the password, erases the account and logs out', async ({
  page,
  consoleGuard,
}) => {
  const email = uniqueEmail('suppression');
  await register(page, email);
  await page.goto('/mon-compte');
  await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
  const section = page.getByRole('region', { name: 'Supprimer mon compte' });
  await section.getByLabel(/^Mot de passe/).fill('Mauvais#2026');
  await section.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect
    .poll(() => page.getByRole('region', { name: 'Supprimer mon compte' }).getByRole('alert').textContent())
    .toBe('Le mot de passe actuel est incorrect.');

  await page
    .getByRole('region', { name: 'Supprimer mon compte' })
    .getByLabel(/^Mot de passe/)
    .fill(PASSWORD);
  await page
    .getByRole('region', { name: 'Supprimer mon compte' })
    .getByRole('button', { name: 'Supprimer définitivement mon compte' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Votre compte est supprimé' }).waitFor();
  await page.goto('/mon-compte');
  await page.getByText('Connectez-vous pour gérer votre compte').waitFor();
  // The account is gone: its password opens nothing.
  consoleGuard.allow(/401.*\/api\/eshop\/login/);
  const login = await page.request.post('/api/eshop/login', {
    headers: { origin: new URL(page.url()).origin },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe finds no violation on Mon compte, with a saved article (${name})`, async ({ newPage }) => {
    const page = await newPage(viewport);
    await page.goto('/confidentialite');
    await register(page, uniqueEmail(`axe-${name}`));
    // One saved article, so the list is checked too.
    const summary = (await (await page.request.get('/api/article/summary?limit=1')).json()) as {
      news: { id: string }[];
    };
    const saved = await page.request.post('/api/account/savedArticles', {
      headers: { origin: new URL(page.url()).origin },
      data: { articleId: summary.news[0]?.id, saved: true },
    });
    expect(saved.status()).toBe(200);
    await page.goto('/mon-compte');
    await page.getByRole('region', { name: 'Articles enregistrés' }).getByRole('link').first().waitFor();
    await expect(page).toPassAxe();
    await screenshot(page, `accounts-mon-compte-${name}`);
  });

  test(`axe finds no violation on the privacy, confirmation, login and password pages (${name})`, async ({
    newPage,
  }) => {
    const page = await newPage(viewport);
    for (const path of [
      '/confidentialite',
      '/connexion',
      '/mot-de-passe-oublie',
      '/confirmation?type=compte&jeton=x',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect(page).toPassAxe();
      await screenshot(page, `accounts-${path.replace(/\W+/g, '-')}-${name}`);
    }
    const email = uniqueEmail(`axe-mdp-${name}`);
    await register(page, email, false);
    await page.goto('/mot-de-passe-oublie');
    await page
      .locator('main')
      .getByLabel(/^Adresse e-mail/)
      .fill(email);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    const message = await waitForEmail(email, /^Réinitialisation/);
    await page.goto(linkPath(message, '/mot-de-passe-oublie/nouveau'));
    await page
      .locator('main')
      .getByLabel(/^Nouveau mot de passe/)
      .waitFor();
    await expect(page).toPassAxe();
  });
}
