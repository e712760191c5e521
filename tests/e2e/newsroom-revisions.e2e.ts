import { adminArticleSchema } from '@/lib/contracts/admin';
import { expect, test } from './support/fixtures';
import { signInAsEditor } from './support/staff';

// The comparison of two revisions: French dates in Paris time, and the body compared block by block so that
// headings, lists and tables stay readable.

const NEWSROOM_AXE = { enableRules: ['label-content-name-mismatch'] };

const table = (rows: string) =>
  `<table><thead><tr><th scope="col">Année</th><th scope="col">Taux</th></tr></thead><tbody>${rows}</tbody></table>`;

test('two revisions compare with French dates, block by block', async ({ page, consoleGuard }) => {
  await signInAsEditor(page, consoleGuard);
  const created = await page.request.post('/api/admin/articles', {
    data: {
      type: 'actualite',
      title: `Barème comparé ${Date.now()}`,
      summary: 'Deux versions comparées.',
      view: `<h2>Le barème</h2><ul><li><p>Premier cas</p></li><li><p>Second cas</p></li></ul>${table('<tr><td>2025</td><td>5 %</td></tr>')}`,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = adminArticleSchema.parse(await created.json());
  const changed = await page.request.patch(`/api/admin/articles/${id}`, {
    data: {
      version: 1,
      view: `<h2>Le barème</h2><ul><li><p>Premier cas modifié</p></li></ul>${table('<tr><td>2025</td><td>5 %</td></tr><tr><td>2026</td><td>6 %</td></tr>')}`,
    },
  });
  expect(changed.status()).toBe(200);

  await page.goto(`/redaction/articles/${id}/revisions?de=1&a=2`);
  const comparison = page.getByRole('region', { name: /^De la version 1/ });
  // « 2 décembre 2026 à 10 h 05 »: the site's long date, Paris time.
  await expect(comparison.getByRole('heading', { level: 2 })).toHaveText(
    /^De la version 1 \(\d{1,2}(er)? [a-zéû]+ \d{4} à \d{2} h \d{2}\) à la version 2 \(.+ à \d{2} h \d{2}\)$/,
  );
  await expect(comparison.getByRole('heading', { level: 3, name: 'Corps de l’article' })).toBeVisible();
  await expect(comparison.getByText('Intertitre :')).toHaveCount(1);
  await expect(comparison.getByText('Élément de liste modifié :')).toHaveCount(1);
  await expect(comparison.getByText('Élément de liste supprimé :')).toHaveCount(1);
  await expect(comparison.getByText('Ligne de tableau ajoutée :')).toHaveCount(1);
  await expect(comparison.locator('ins').filter({ hasText: 'modifié' })).toBeVisible();
  await expect(comparison.locator('del').filter({ hasText: 'Second cas' })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: /^\d{1,2}(er)? [a-zéû]+ \d{4} à \d{2} h \d{2}$/ }).first(),
  ).toBeVisible();
  await expect(page).toPassAxe(NEWSROOM_AXE);
});
