import type { Page } from '@playwright/test';
import { CONSENT_COOKIE } from '@/lib/consent';
import { adminArticleSchema } from '@/lib/contracts/admin';
import { expect, test } from './support/fixtures';
import { ANONYMOUS_ME, signInAsEditor } from './support/staff';

// The newsroom's preview "as an anonymous reader" is the reader's page: same landmarks, same table of contents,
// same column widths, and no consent notice over it (staff only).

const NEWSROOM_AXE = { enableRules: ['label-content-name-mismatch'] };

/** The page's landmarks in order, as role and name, the preview's own "Aperçu" note aside. */
function landmarks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll('header, nav, main, aside, footer, [role="search"], [role="region"]'),
      (element) => {
        const name = element.getAttribute('aria-label') ?? '';
        return `${element.tagName.toLowerCase()}:${name}`;
      },
    ),
  );
}

/** Widths and left edges of the article's parts, rounded to the pixel. */
async function geometry(page: Page, firstSection: string) {
  const box = async (name: string, locator: ReturnType<Page['locator']>) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error(`${name} is not laid out`);
    return { x: Math.round(found.x), width: Math.round(found.width) };
  };
  return {
    // The page's own article (the related news are articles too).
    article: await box(
      'article',
      page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) }),
    ),
    section: await box('section', page.getByRole('region', { name: firstSection })),
    contents: await box('table of contents', page.getByRole('navigation', { name: 'Sommaire' })),
  };
}

test('the anonymous-reader preview of an enriched draft is the public page, without the consent notice', async ({
  page,
  newPage,
  consoleGuard,
}) => {
  consoleGuard.allow(ANONYMOUS_ME);
  await signInAsEditor(page, consoleGuard);
  const stamp = Date.now();
  const titles = ['L’essentiel', 'Les conditions', 'Les exceptions'];
  const created = await page.request.post('/api/admin/articles', {
    data: {
      type: 'actualite',
      title: `Aperçu enrichi ${stamp}`,
      summary: 'Un article enrichi vu avant sa publication.',
      view: '<p>L’introduction de l’article.</p>',
      paywalled: true,
      sections: titles.map((title, index) => ({
        id: `APERCU-${stamp}-${index + 1}`,
        title,
        view: `<p>Le texte de la section « ${title} », assez long pour occuper la colonne.</p>`,
      })),
    },
  });
  expect(created.status()).toBe(201);
  const { id } = adminArticleSchema.parse(await created.json());

  // A first visit, as the fixture's contexts are not: no consent choice made yet.
  await page.context().clearCookies({ name: CONSENT_COOKIE });
  await page.goto(`/redaction/apercu/${id}?lecteur=anonyme`);
  await expect(page.getByRole('note', { name: 'Aperçu' })).toContainText('vu par un lecteur non inscrit');
  const contents = page.getByRole('navigation', { name: 'Sommaire' });
  await expect(contents).toBeVisible();
  await expect(contents.getByRole('link')).toHaveCount(titles.length);
  // Staff preview: the consent notice is not there to cover the page.
  await expect(page.getByRole('heading', { level: 1, name: `Aperçu enrichi ${stamp}` })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Vos choix sur les cookies' })).toHaveCount(0);
  const previewLandmarks = await landmarks(page);
  const previewGeometry = await geometry(page, titles[0] ?? '');
  await expect(page).toPassAxe(NEWSROOM_AXE);

  const published = await page.request.post(`/api/admin/articles/${id}/publish`, { data: { version: 1 } });
  expect(published.status()).toBe(200);
  const { path } = adminArticleSchema.parse(await published.json());
  const reader = await newPage();
  await reader.context().clearCookies({ name: CONSENT_COOKIE });
  await reader.goto(path);
  const readerContents = reader.getByRole('navigation', { name: 'Sommaire' });
  await expect(readerContents.getByRole('link')).toHaveCount(titles.length);
  // A reader's first visit gets the consent notice, which the staff preview leaves out.
  await expect(reader.getByRole('dialog', { name: 'Vos choix sur les cookies' })).toBeVisible();

  expect(previewLandmarks).toEqual(await landmarks(reader));
  const readerGeometry = await geometry(reader, titles[0] ?? '');
  for (const part of ['article', 'section', 'contents'] as const) {
    expect(Math.abs(previewGeometry[part].width - readerGeometry[part].width), part).toBeLessThanOrEqual(1);
    expect(Math.abs(previewGeometry[part].x - readerGeometry[part].x), part).toBeLessThanOrEqual(1);
  }
});
