import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { adminArticleSchema } from '@/lib/contracts/admin';
import { baseUrl, expect, test, waitForHydration } from './support/fixtures';
import { ANONYMOUS_ME, signInAsEditor } from './support/staff';

// The newsroom's media library in Chromium: an image uploaded in the Médiathèque, found by its name, described
// (alt text, caption, focal point by keyboard), then chosen from the article editor's picker and inserted in the
// body as a figure; once published, readers see <figure><img alt srcset sizes><figcaption>.

/** As for every newsroom page: axe with its label-in-name rule (WCAG 2.5.3). */
const NEWSROOM_AXE = { enableRules: ['label-content-name-mismatch'] };

async function pngFile(name: string) {
  const buffer = await sharp({
    create: { width: 1000, height: 600, channels: 3, background: { r: 120, g: 40, b: 30 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function adminJson(page: Page, path: string): Promise<unknown> {
  const cookie = (await page.context().cookies()).map((item) => `${item.name}=${item.value}`).join('; ');
  return (await fetch(`${baseUrl()}/api/admin${path}`, { headers: { Cookie: cookie } })).json();
}

test('upload in the Médiathèque, find it, describe it, insert it in a text, publish, see the figure', async ({
  page,
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  await signInAsEditor(page, consoleGuard);
  await page.getByRole('link', { name: 'Médiathèque' }).click();
  await page.getByRole('heading', { level: 1, name: 'Médiathèque' }).waitFor();
  await expect(page).toPassAxe(NEWSROOM_AXE);

  const name = `palais-${Date.now()}.png`;
  const upload = page.getByLabel(/^Envoyer un fichier/);
  await waitForHydration(upload);
  await upload.setInputFiles(await pngFile(name));
  await page.getByText(`« ${name} » ajouté à la médiathèque.`).waitFor();

  // Found by a part of its name, server-side.
  await page.getByLabel('Nom, texte alternatif ou légende').fill(name.slice(0, -4));
  await page.getByRole('button', { name: 'Chercher', exact: true }).click();
  await page.getByText('1 média, page 1 sur 1.').waitFor();
  await page.getByRole('button', { name: `Voir ${name}` }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
  await expect(page.getByText('1000 × 600 px').first()).toBeVisible();
  await page.getByText('Aucun contenu.').waitFor();

  await page
    .getByRole('textbox', { name: 'Texte alternatif', exact: true })
    .fill('La façade du palais de justice');
  await page.getByRole('textbox', { name: 'Légende', exact: true }).fill('Le palais de justice de Paris');
  await page.getByRole('button', { name: 'Enregistrer les textes' }).click();
  await page.getByText('Texte alternatif et légende enregistrés.').waitFor();

  // The focal point, with the keyboard: two steps right, one up.
  await page.getByRole('button', { name: /^Point focal : 50 % depuis la gauche/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.getByRole('button', { name: 'Enregistrer le point focal' }).click();
  await page.getByText('Point focal enregistré (60 %, 45 %).').waitFor();
  await expect(page).toPassAxe(NEWSROOM_AXE);

  // The editor: a new article whose body shows the image, chosen in the picker.
  await page.goto('/redaction/articles/nouveau');
  await page.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();
  const title = `Le palais de justice ${Date.now()}`;
  const titleField = page.getByRole('textbox', { name: 'Titre', exact: true });
  await waitForHydration(titleField);
  await titleField.fill(title);
  await page.getByLabel('Chapô').fill('Visite du palais.');
  await page.getByRole('combobox', { name: 'Ajouter : thèmes' }).fill('fisc');
  await page.getByRole('option', { name: /^Fiscal/ }).click();
  await page.getByRole('textbox', { name: 'Corps de l’article' }).click();
  await page.keyboard.type('Introduction.');

  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insérer une image de la médiathèque' });
  await dialog.getByLabel('Nom, texte alternatif ou légende').fill('façade du palais');
  await dialog.getByRole('button', { name: 'Chercher', exact: true }).click();
  await expect(page).toPassAxe(NEWSROOM_AXE);
  await dialog.getByRole('button', { name: `Choisir ${name}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Texte alternatif', exact: true })).toHaveValue(
    'La façade du palais de justice',
  );
  await expect(page.getByRole('textbox', { name: 'Légende', exact: true })).toHaveValue(
    'Le palais de justice de Paris',
  );
  await page.getByRole('button', { name: 'Insérer l’image' }).click();
  await expect(
    page
      .getByRole('textbox', { name: 'Corps de l’article' })
      .getByRole('img', { name: 'La façade du palais de justice' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect.poll(() => page.getByText(/Enregistré à/).count(), { timeout: 15_000 }).toBe(1);
  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await page.getByText('Article publié.').waitFor();
  const id = /\/redaction\/articles\/([A-Za-z0-9-]+)$/.exec(page.url())?.[1];
  const article = adminArticleSchema.parse(await adminJson(page, `/articles/${id}`));

  // The library now names the article that uses the image.
  await page.goto('/redaction/medias');
  await page.getByLabel('Nom, texte alternatif ou légende').fill(name);
  await page.getByRole('button', { name: 'Chercher', exact: true }).click();
  await page.getByRole('button', { name: `Voir ${name}` }).click();
  await page.getByRole('link', { name: title }).waitFor();

  // Readers see the figure with its alt text, caption and responsive sources.
  const reader = await newPage();
  consoleGuard.allow(ANONYMOUS_ME);
  const answer = await reader.goto(article.path);
  expect(answer?.status()).toBe(200);
  const figure = reader.locator('article figure').filter({ hasText: 'Le palais de justice de Paris' });
  const image = figure.getByRole('img', { name: 'La façade du palais de justice' });
  await expect(image).toBeVisible();
  expect(await figure.locator('figcaption').textContent()).toBe('Le palais de justice de Paris');
  expect(await image.getAttribute('srcset')).toMatch(
    /\/media\/[0-9a-f]{32}\/w320\.webp 320w, .*w1000\.webp 1000w$/,
  );
  expect(await image.getAttribute('sizes')).toContain('876px');
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
});
