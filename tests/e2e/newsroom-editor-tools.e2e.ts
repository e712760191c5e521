import { expect, test } from './support/fixtures';
import { ANONYMOUS_ME, signInAsEditor } from './support/staff';

// The article editor's tools: keyboard shortcuts and their help.

/** The newsroom is checked with axe's experimental label-in-name rule too (WCAG 2.5.3): shown words are named. */
const NEWSROOM_AXE = { enableRules: ['label-content-name-mismatch'] };

test('keyboard shortcuts: Ctrl+S saves, Ctrl+K adds a link, « ? » lists them, Ctrl+Shift+P opens the preview', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // The preview is the reader's page: its frame asks for a reader session the staff member does not have.
  consoleGuard.allow(ANONYMOUS_ME);
  await signInAsEditor(page, consoleGuard, 'redacteur');
  await page.getByRole('link', { name: 'Nouvel article', exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();

  // Whether the browser's own action of a key (saving the page) was stopped: read after the editor's listener.
  await page.evaluate(() => {
    window.addEventListener('keydown', (event) => {
      if (event.key.toLowerCase() === 's')
        document.body.dataset.saveKeyPrevented = String(event.defaultPrevented);
    });
  });
  const title = `Raccourcis ${Date.now()}`;
  const titleField = page.getByRole('textbox', { name: 'Titre', exact: true });
  // Nothing typed yet, so no autosave: only the shortcut asks for this save, refused for want of a title.
  await titleField.press('Control+s');
  await expect(page.getByRole('status').filter({ hasText: 'Donnez un titre à l’article' })).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-save-key-prevented', 'true');
  await titleField.fill(title);
  await titleField.press('Control+s');
  await expect(page).toHaveURL(/\/redaction\/articles\/R[A-Z0-9]+$/);
  await expect(page.getByRole('status').filter({ hasText: /^Enregistré à/ })).toBeVisible();

  // Ctrl+K in the body opens the link panel, its address field focused.
  const body = page.getByRole('textbox', { name: 'Corps de l’article' });
  await body.click();
  await page.keyboard.type('Voir ');
  await page.keyboard.press('Control+k');
  const address = page.getByRole('textbox', { name: 'Adresse du lien' });
  await expect(address).toBeFocused();
  await address.fill('https://www.legifrance.gouv.fr/');
  await address.press('Enter');
  await expect(body.getByRole('link', { name: 'https://www.legifrance.gouv.fr/' })).toBeVisible();

  // « ? » typed in a text field is a character.
  await titleField.press('End');
  await titleField.press('?');
  await expect(titleField).toHaveValue(`${title}?`);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Elsewhere, « ? » opens the help; focus stays in it, Échap closes it and focus comes back.
  const help = page.getByRole('button', { name: 'Raccourcis clavier' });
  const saveButton = page.getByRole('button', { name: 'Enregistrer', exact: true });
  await saveButton.focus();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Raccourcis clavier' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Ouvrir l’aperçu')).toBeVisible();
  await expect(page).toPassAxe(NEWSROOM_AXE);
  for (let step = 0; step < 3; step += 1) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(saveButton).toBeFocused();

  // The visible button opens it too, and focus returns to it.
  await help.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(help).toBeFocused();

  // Ctrl+Shift+P: the pending edit is saved, then the preview shows it.
  await titleField.fill(`${title} relu`);
  const id = /\/redaction\/articles\/([A-Z0-9]+)$/.exec(page.url())?.[1] ?? '';
  await titleField.press('Control+Shift+P');
  await expect(page).toHaveURL(new RegExp(`/redaction/apercu/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${title} relu` })).toBeVisible();
});

test('a journalist deletes a draft from the editor, restores it from the bin, then deletes it from the list', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  await signInAsEditor(page, consoleGuard, 'redacteur');
  await page.getByRole('link', { name: 'Nouvel article', exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();
  const title = `Brouillon à jeter ${Date.now()}`;
  const titleField = page.getByRole('textbox', { name: 'Titre', exact: true });
  await titleField.fill(title);
  await titleField.press('Control+s');
  await expect(page).toHaveURL(/\/redaction\/articles\/R[A-Z0-9]+$/);

  // The confirmation names the draft; the draft goes to the bin, which opens.
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Supprimer le brouillon' }).click();
  await expect(page).toHaveURL(/\/redaction\/corbeille$/);
  expect(questions).toEqual([
    `Supprimer le brouillon « ${title} » ? Il restera 30 jours dans la corbeille, d’où il pourra être restauré.`,
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Corbeille' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Brouillon');
  await expect(page).toPassAxe(NEWSROOM_AXE);

  await row.getByRole('button', { name: `Restaurer « ${title} »` }).click();
  await expect(page.getByRole('status').filter({ hasText: `« ${title} » est restauré` })).toBeVisible();
  await expect(row).toHaveCount(0);

  // From the list: the row's « Supprimer » names the draft for screen readers.
  await page.getByRole('link', { name: 'Articles', exact: true }).first().click();
  await page.getByRole('textbox', { name: 'Titre ou identifiant' }).fill(title);
  await page.getByRole('button', { name: 'Filtrer' }).click();
  const listed = page.getByRole('row').filter({ hasText: title });
  await listed.getByRole('button', { name: `Supprimer le brouillon « ${title} »` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `« ${title} » est dans la corbeille` }),
  ).toBeVisible();
  await expect(listed).toHaveCount(0);
  expect(questions).toHaveLength(2);
  await expect(page).toPassAxe(NEWSROOM_AXE);
});
