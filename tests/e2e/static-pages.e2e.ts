import { expect, screenshot, test, waitForHydration } from './support/fixtures';
import { ANONYMOUS_ME, signInAsEditor } from './support/staff';

// The editorial pages (issue 18 item 7) in Chromium with the demo editor: the CGU's text changed in the rich-text
// editor, previewed as readers will see it, saved, and shown on /cgu (a cached page, refreshed by the save's
// content change); axe on the list and the editor, preview shown.

test('an editor changes the CGU, previews them, saves them, and readers see the new text', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  await signInAsEditor(page, consoleGuard);
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Pages' }).click();
  await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
  const cgu = page.getByRole('link', { name: 'Conditions générales d’utilisation' });
  await expect(page.getByRole('link', { name: 'Données personnelles et cookies' })).toBeVisible();
  await expect(page).toPassAxe();
  await screenshot(page, 'static-pages-list');

  await cgu.click();
  await page.getByRole('heading', { level: 1, name: 'Page : Conditions générales d’utilisation' }).waitFor();
  // Tiptap makes its editable area once it runs in the browser, so the form is live when it shows.
  const body = page.getByRole('textbox', { name: 'Texte' });
  await body.waitFor();
  await waitForHydration(page.getByRole('button', { name: 'Enregistrer et publier' }));
  await expect(body).toContainText('8. Droit applicable');
  await expect(page).toPassAxe();

  // A new last paragraph, typed in the editor.
  const added = `Clause ajoutée par la rédaction ${Date.now()}.`;
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(added);
  await page.getByLabel('Date de mise à jour affichée').fill('2026-11-26');

  await page.getByRole('button', { name: 'Aperçu', exact: true }).click();
  const preview = page.getByRole('region', { name: 'Aperçu – modifications non enregistrées' });
  await expect(
    preview.getByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' }),
  ).toBeVisible();
  await expect(preview.getByText(added)).toBeVisible();
  await expect(preview.getByText('Dernière mise à jour : 26 novembre 2026')).toBeVisible();
  await expect(page).toPassAxe();
  await screenshot(page, 'static-pages-preview');

  // Not saved yet: readers still get the old text.
  consoleGuard.allow(ANONYMOUS_ME);
  const before = await page.request.get('/cgu');
  expect(before.status()).toBe(200);
  expect(await before.text()).not.toContain(added);

  await page.getByRole('button', { name: 'Enregistrer et publier' }).click();
  await expect(page.getByText(/^Page enregistrée \(version \d+\)/)).toBeVisible();
  const history = page.getByRole('region', { name: 'Historique' });
  await expect(history.getByRole('row').nth(1)).toContainText('Modification');
  await expect(history.getByRole('row').nth(1)).toContainText('Éditeur');
  await screenshot(page, 'static-pages-editor');

  await expect
    .poll(
      async () => {
        await page.goto('/cgu');
        return (await page.locator('main').textContent()) ?? '';
      },
      { timeout: 15_000, intervals: [500] },
    )
    .toContain(added);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' }),
  ).toBeVisible();
  await expect(page.getByText('Dernière mise à jour : 26 novembre 2026')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Fil d’Ariane' })).toBeVisible();
  await expect(page).toPassAxe();
});
