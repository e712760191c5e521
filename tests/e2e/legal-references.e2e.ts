import { adminArticleSchema } from '@/lib/contracts/admin';
import { DESKTOP, expect, MOBILE, test } from './support/fixtures';
import { ANONYMOUS_ME, signInAsEditor } from './support/staff';

// Legal references (issue 39): the article's links and "Textes cités", the text's page, search, and the editor's
// side panel, in Chromium against the seeded demo.

const LAYOFF =
  'Le licenciement économique est encadré par les articles L. 1233-3 et L. 1233-4 du Code du travail.';
const TEXT_PAGE = '/textes/code-du-travail/article-l1233-3';

test('a published article links its references, lists them, and its text’s page and search find it', async ({
  page,
  newPage,
  consoleGuard,
}) => {
  await signInAsEditor(page, consoleGuard);
  const title = `Motif économique ${Date.now()}`;
  const created = await page.request.post('/api/admin/articles', {
    data: {
      type: 'actualite',
      title,
      summary: 'La définition du motif économique rappelée.',
      view: `<p>${LAYOFF}</p>`,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = adminArticleSchema.parse(await created.json());
  const published = await page.request.post(`/api/admin/articles/${id}/publish`, { data: { version: 1 } });
  expect(published.status()).toBe(200);
  const { path } = adminArticleSchema.parse(await published.json());

  const reader = await newPage();
  consoleGuard.allow(ANONYMOUS_ME);
  await reader.goto(path);
  const official = reader.getByRole('article').getByRole('link', { name: 'L. 1233-3', exact: true });
  await expect(official).toHaveAttribute(
    'href',
    /^https:\/\/www\.legifrance\.gouv\.fr\/search\/code\?.*query=L1233-3/,
  );
  await expect(official).toHaveAttribute('rel', 'noopener external');
  const box = reader.getByRole('region', { name: 'Textes cités' });
  await expect(box.getByRole('heading', { name: 'Articles de codes' })).toBeVisible();
  await box.getByRole('link', { name: 'Article L. 1233-3 du Code du travail' }).click();
  await expect(reader).toHaveURL(new RegExp(`${TEXT_PAGE}$`));
  await expect(
    reader.getByRole('heading', { level: 1, name: 'Article L. 1233-3 du Code du travail' }),
  ).toBeVisible();
  await expect(reader.getByRole('link', { name: title })).toHaveAttribute('href', path);
  await expect(reader.getByRole('link', { name: 'Lire le texte officiel' })).toHaveAttribute(
    'rel',
    'noopener external',
  );

  await reader.goto(`/search?term=${encodeURIComponent('L1233-3')}`);
  await expect(reader.getByRole('link', { name: title }).first()).toBeVisible();
});

test('a text nothing published cites answers 404', async ({ request }) => {
  expect((await request.get('/textes/cgi/article-9999-undecies-zz')).status()).toBe(404);
  expect((await request.get('/textes/inconnu/article-39')).status()).toBe(404);
});

test('the editor’s panel lists the references as the journalist types, and flags the unresolved', async ({
  page,
  consoleGuard,
}) => {
  // Typing a long sentence into ProseMirror, key by key, takes most of the default minute on a loaded machine.
  test.slow();
  await signInAsEditor(page, consoleGuard);
  await page.goto('/redaction/articles/nouveau');
  await page.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();
  const panel = page.getByRole('region', { name: 'Références juridiques' });
  await expect(panel.getByRole('status')).toHaveText('Aucune référence détectée.');
  // The body is ProseMirror's editable element (no React props to wait for): the panel's first answer above
  // says the editor is live.
  const body = page.getByRole('textbox', { name: 'Corps de l’article' });
  await body.click();
  await page.keyboard.type(`${LAYOFF} Voir aussi l’article 39 du C. et le BOI-IS-BASE-30-20-20.`);
  await expect(panel.getByRole('link', { name: 'Article L. 1233-3 du Code du travail' })).toHaveAttribute(
    'rel',
    'noopener external',
  );
  await expect(panel.getByRole('link', { name: 'BOI-IS-BASE-30-20-20' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Références non résolues' })).toContainText(
    'article 39 du C.',
  );
  await expect(panel.getByRole('status')).toHaveText('3 références détectées.');
  await expect(page).toPassAxe({ include: '[aria-labelledby="references-juridiques"]' });
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on a text’s page', async ({ page, request, consoleGuard }) => {
      consoleGuard.allow(ANONYMOUS_ME);
      const sitemap = await (await request.get('/sitemaps/textes.xml')).text();
      const first = /<loc>[^<]*(\/textes\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
      expect(first).toBeTruthy();
      const response = await page.goto(first ?? '/');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Suivre ce texte' })).toBeVisible();
      await expect(page).toPassAxe();
    });
  });
}
