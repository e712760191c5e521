import type { Page } from '@playwright/test';
import { baseUrl, DESKTOP, expect, MOBILE, test, waitForHydration } from './support/fixtures';
import { signInAsEditor } from './support/staff';

/**
 * The tools for professional readers in Chromium (docs/READER-TOOLS.md): rate tables by date, the private agenda
 * feed made in Mon compte and revoked by a new one, and an update's note with its comparison, which never shows
 * gated text to an anonymous reader.
 */

const PASSWORD = 'Tva-Ris8!Quotidienne';

/** Registers a reader and logs this page's context in (the modal's own calls). */
async function registerReader(page: Page): Promise<void> {
  const origin = baseUrl();
  const email = `outils.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemple.fr`;
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
    headers: { origin },
    data: { webFormId: 50293, fields: Object.entries(values).map(([code, value]) => ({ code, value })) },
  });
  expect(registration.status()).toBe(200);
  const login = await page.request.post('/api/eshop/login', {
    headers: { origin },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
}

test('the rate tables: listed, versioned, exported as CSV', async ({ request }) => {
  const list = await request.get('/api/rates');
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: { id: string; path: string; effectiveFrom: string }[] };
  expect(items.length).toBeGreaterThanOrEqual(10);
  const table = await request.get('/api/rates/bareme-impot-revenu');
  const { versions } = (await table.json()) as { versions: { effectiveFrom: string }[] };
  expect(versions.length).toBeGreaterThanOrEqual(2);
  const csv = await request.get('/api/rates/bareme-impot-revenu?format=csv');
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).split('\r\n')[0]).toBe(
    'En vigueur depuis,Base légale,Tranche,"Revenu imposable par part, de (€)",à (€),Taux (%)',
  );
});

test('"valeur au": the values in force on a past day, and a row’s history', async ({ page }) => {
  await page.goto('/chiffres-taux/tableaux/smic');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Salaire minimum de croissance (Smic)' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Valeurs en vigueur' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Évolution, Horaire brut : 11,65\s€ au 1er janvier 2024/ }),
  ).toBeVisible();
  const day = page.getByLabel('Valeur au');
  await waitForHydration(day);
  await day.fill('2024-06-01');
  await expect(page.getByRole('heading', { level: 2, name: 'Valeur au 1er juin 2024' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('11,65');
  await expect(page.getByRole('link', { name: 'Télécharger en CSV' })).toHaveAttribute(
    'href',
    '/api/rates/smic?format=csv',
  );
  // A shared address opens that day.
  await page.goto('/chiffres-taux/tableaux/smic?date=2024-12-15');
  await expect(page.getByRole('heading', { level: 2, name: 'Valeur au 15 décembre 2024' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('11,88');
});

test('the private agenda feed: made in Mon compte, both alarms, revoked by a new one', async ({
  page,
  request,
}) => {
  await page.goto('/confidentialite');
  await registerReader(page);
  await page.goto('/mon-compte#agenda');
  const section = page.getByRole('region', { name: 'Mon agenda' });
  await section.getByRole('checkbox', { name: 'Fiscal' }).check();
  await section.getByRole('button', { name: 'Enregistrer mon agenda' }).click();
  await expect(page.getByRole('region', { name: 'Mon agenda' }).getByRole('status').first()).toContainText(
    'Votre agenda personnel est enregistré.',
  );
  const create = page.getByRole('button', { name: /lien d’abonnement/ });
  await waitForHydration(create);
  await create.click();
  const field = page.getByLabel('Votre lien d’abonnement (gardez-le pour vous)');
  await expect(field).toHaveValue(/\/agenda\/flux\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = new URL(await field.inputValue()).pathname;
  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toContain('TRIGGER:-P7D');
  expect(text).toContain('TRIGGER:-P1D');

  await page.getByRole('button', { name: 'Créer un nouveau lien d’abonnement' }).click();
  await expect(field).not.toHaveValue(new RegExp(first.replaceAll('.', '\\.')));
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(new URL(await field.inputValue()).pathname)).status()).toBe(200);
});

test('an update’s note on the article, and a comparison without gated text for an anonymous reader', async ({
  page,
  consoleGuard,
  newPage,
}) => {
  test.setTimeout(120_000);
  await signInAsEditor(page, consoleGuard);
  const origin = baseUrl();
  const paragraphs = (opening: string, closing: string) =>
    [
      `<p>${opening} : le taux de la taxe change au premier janvier pour les entreprises concernées.</p>`,
      ...Array.from(
        { length: 8 },
        (_, index) =>
          `<p>Paragraphe ${index + 1} réservé aux abonnés, avec les seuils et les exemples chiffrés.</p>`,
      ),
      `<p>${closing}</p>`,
    ].join('');
  const created = await page.request.post('/api/admin/articles', {
    headers: { origin },
    data: {
      type: 'actualite',
      title: `Acomptes de taxe : le régime corrigé ${Date.now()}`,
      summary: 'Ce qui change au 1er janvier.',
      view: paragraphs('Première version', 'Clause réservée : ancienneclause.'),
      paywalled: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const step = (path: string, data: unknown, method: 'POST' | 'PATCH' = 'POST') =>
    page.request.fetch(`/api/admin/articles/${id}${path}`, { method, headers: { origin }, data });
  expect((await step('/publish', { version: 1 })).status()).toBe(200);
  expect(
    (
      await step(
        '',
        { version: 2, view: paragraphs('Version corrigée', 'Clause réservée : nouvelleclause.') },
        'PATCH',
      )
    ).status(),
  ).toBe(200);
  const note = 'Le taux du premier janvier est corrigé.';
  const published = await step('/publish', { version: 3, markUpdated: true, updateNote: note });
  expect(published.status()).toBe(200);
  const { path } = (await published.json()) as { path: string };

  const reader = await newPage(DESKTOP);
  await reader.goto(path);
  const changes = reader.getByRole('region', { name: 'Ce qui a changé' });
  await expect(changes).toContainText(note);
  await changes.getByRole('link', { name: 'Comparer les versions publiées' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: /^Ce qui a changé/ })).toBeVisible();
  await expect(reader.locator('ins').filter({ hasText: 'corrigée' })).toBeVisible();
  await expect(reader.locator('del').filter({ hasText: 'Première' })).toBeVisible();
  const html = await reader.content();
  expect(html).not.toContain('ancienneclause');
  expect(html).not.toContain('nouvelleclause');
  expect(html).not.toContain('Paragraphe 8');
  await expect(reader).toPassAxe();
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on the rate tables', async ({ page }) => {
      await page.goto('/chiffres-taux/tableaux');
      await expect(page.getByRole('heading', { level: 1, name: 'Tableaux de référence' })).toBeVisible();
      await expect(page).toPassAxe();
      await page.goto('/chiffres-taux/tableaux/bareme-kilometrique-voitures');
      await expect(page.getByRole('heading', { level: 2, name: 'Historique des versions' })).toBeVisible();
      await expect(page).toPassAxe();
    });

    test('axe finds no violation on Mon agenda', async ({ page }) => {
      await page.goto('/confidentialite');
      await registerReader(page);
      await page.goto('/mon-compte#agenda');
      await expect(page.getByRole('region', { name: 'Mon agenda' })).toBeVisible();
      await expect(page).toPassAxe();
    });
  });
}

test('axe finds no violation on the newsroom’s rate tables', async ({ page, consoleGuard }) => {
  await signInAsEditor(page, consoleGuard);
  await page.goto('/redaction/chiffres-taux/tableaux/smic');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Salaire minimum de croissance (Smic)' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Historique' })).toBeVisible();
  await expect(page).toPassAxe();
});
