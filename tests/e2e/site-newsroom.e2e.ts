import type { Page } from '@playwright/test';
import { parisIsoDay } from '@/lib/dates';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '@/server/newsroom/bootstrap';
import { TestSmtpServer } from '../support/smtp-server';
import { baseUrl, type ConsoleGuard, expect, screenshot, test, waitForHydration } from './support/fixtures';

// The site newsroom (issue 18) in Chromium with the demo editor of a development server: the daily issue composed
// and published, then seen on the home page; a newsletter campaign sent and followed to 100 %.
// With SMTP_URL=smtp://127.0.0.1:<port> in the environment of `npm run test:e2e` (Playwright passes it to the
// server it starts), the server sends through it
// and this spec listens on that port and checks each subscriber's message arrived; without it the server writes
// the messages to DATA_DIR/emails and the spec checks the progress only.

/** The staff shell asks GET /api/admin/session on every page: a 401 before sign-in is how it learns it. */
const NO_STAFF_SESSION = /\/api\/admin\/session/;
/** Visitors without a reader session get a 401 from GET /api/eshop/me on the site's pages: expected. */
const ANONYMOUS_ME = /\/api\/eshop\/me/;

async function signInAsEditor(page: Page, guard: ConsoleGuard): Promise<void> {
  const editor = DEMO_STAFF.find((member) => member.role === 'editeur');
  if (!editor) throw new Error('no demo editor');
  guard.allow(NO_STAFF_SESSION);
  await page.goto('/redaction/connexion');
  const submit = page.getByRole('button', { name: 'Se connecter' });
  await waitForHydration(submit);
  await page.getByLabel('Adresse e-mail').fill(editor.email);
  await page.getByLabel('Mot de passe').fill(DEMO_STAFF_PASSWORD);
  await submit.click();
  await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
}

const today = parisIsoDay(new Date());
const frenchToday = today.split('-').reverse().join('/');

test('compose today’s issue, reorder it with the keyboard, publish it and see the home page change', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  await signInAsEditor(page, consoleGuard);
  await page.goto('/redaction/numeros');
  await page.getByRole('heading', { level: 1, name: 'La Quotidienne' }).waitFor();
  await expect(page).toPassAxe();

  await page.goto(`/redaction/numeros/${today}`);
  await page.getByRole('heading', { level: 1, name: `Numéro du ${frenchToday}` }).waitFor();
  const name = `La Quotidienne d’essai ${Date.now()}`;
  const nameField = page.getByLabel('Nom du numéro');
  await waitForHydration(nameField);
  await nameField.fill(name);

  // Add a published article from the search, if the issue does not hold it already.
  await page.getByLabel('Titre ou identifiant').fill('a');
  await page.getByRole('button', { name: 'Chercher', exact: true }).click();
  const addButton = page.getByRole('button', { name: /^Ajouter « / }).first();
  await addButton.waitFor();
  await addButton.click();

  // Keyboard reordering (dnd-kit): the first news, picked up with Space, goes one place down.
  const items = page.getByRole('list', { name: /Actualités/ }).getByRole('listitem');
  const firstTitle = ((await items.nth(0).textContent()) ?? '').replace(/^\D*1\. /, '');
  const handle = page.getByRole('button', { name: /^Déplacer « / }).first();
  await waitForHydration(handle);
  await handle.focus();
  // Each key waits for dnd-kit's spoken announcement (its live region), so no key is pressed too early; once
  // picked up, the item is announced over its own place (position 1).
  await page.keyboard.press('Space');
  await page.getByText(/au-dessus de la position 1\./).waitFor({ state: 'attached' });
  await page.keyboard.press('ArrowDown');
  await page.getByText(/au-dessus de la position 2\./).waitFor({ state: 'attached' });
  await page.keyboard.press('Space');
  await page.getByText(/déposé en position 2\./).waitFor({ state: 'attached' });
  await expect.poll(async () => (await items.nth(1).textContent()) ?? '').toContain(firstTitle.slice(0, 20));
  await expect(page).toPassAxe();

  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await page.getByText('Numéro publié : la page d’accueil le montre.').waitFor();
  await screenshot(page, 'site-newsroom-issue');

  // The home page (cached for a few seconds, refreshed on the content change) shows the new issue.
  consoleGuard.allow(ANONYMOUS_ME);
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toContain(name);
});

test('send a campaign of today’s issue and watch its progress reach 100 %', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  const smtpUrl = process.env.SMTP_URL;
  const smtp = smtpUrl ? new TestSmtpServer() : null;
  if (smtp && smtpUrl) await smtp.start(Number(new URL(smtpUrl).port));
  try {
    const addresses = [1, 2, 3].map((index) => `e2e-${Date.now()}-${index}@example.fr`);
    for (const email of addresses) {
      const response = await fetch(`${baseUrl()}/api/contentAlert/subscription`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, isSubscribing: true }),
      });
      expect(response.status).toBe(200);
    }

    await signInAsEditor(page, consoleGuard);
    await page.goto('/redaction/newsletters');
    await page.getByRole('heading', { level: 1, name: 'Newsletters' }).waitFor();
    const prepare = page.getByRole('button', { name: 'Préparer la campagne' });
    await waitForHydration(prepare);
    await page.getByLabel('Numéro du').fill(today);
    await prepare.click();
    await page.waitForURL(/\/redaction\/newsletters\/\d+$/);
    await page.getByRole('heading', { name: 'Aperçu de l’e-mail' }).waitFor();
    await page.getByTitle('Aperçu HTML de l’e-mail').waitFor();
    // axe injects its script into every frame, which the sandboxed e-mail preview refuses: check the page with
    // the text preview shown instead.
    await page.getByRole('button', { name: 'Texte' }).click();
    await expect(page).toPassAxe();

    await page.getByRole('button', { name: 'Envoyer aux abonnés' }).click();
    await page.getByText('Envoi lancé.').waitFor();
    await page.getByText('Progression : 100 %').waitFor({ timeout: 60_000 });
    await page.getByText('Envoyée', { exact: true }).waitFor();
    await screenshot(page, 'site-newsroom-campaign-sent');
    if (smtp) {
      for (const email of addresses) expect(smtp.countFor(email)).toBe(1);
    }
  } finally {
    await smtp?.stop();
  }
});
