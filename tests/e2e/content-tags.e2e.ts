import type { APIRequestContext } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';
import { signInAsEditor } from './support/staff';

/**
 * A publication refreshes only the copies that show what it touched (docs/decisions/073-content-tags.md), over
 * HTTP on the built site: a page asked twice is a page cache HIT; after a Social article is published in the
 * newsroom, the Fiscal article pages warmed before are still HITs, while /actualite/social shows the new article
 * within 5 s. A search and a suggestion list kept before stay HITs through the publication (decision 076: searches
 * follow their copies' life) and are dropped when the article is withdrawn.
 */

/** Article pages of the news section linked from a page: `/actualite/{slug}_{id}`. */
async function articlePathsOn(request: APIRequestContext, page: string): Promise<string[]> {
  const html = await (await request.get(page)).text();
  const paths = [...html.matchAll(/href="(\/actualite\/[^"/?#]+_[A-Za-z0-9-]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  return [...new Set(paths)];
}

const origin = async (request: APIRequestContext, path: string) =>
  (await request.get(path)).headers()['x-cache'];

test('a Social publication keeps the Fiscal article pages cached and shows on /actualite/social within 5 s', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  const fiscalArticles = (await articlePathsOn(request, '/actualite/fiscal')).slice(0, 3);
  expect(fiscalArticles.length).toBeGreaterThan(0);
  const searches = ['/search?term=plafond', '/api/search/suggest?term=plafond'];
  for (const path of [...fiscalArticles, '/actualite/social', ...searches]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(await origin(request, path), path).toBe('HIT');
  }

  await signInAsEditor(page, consoleGuard);
  const headers = { origin: baseUrl() };
  const taxonomy = (await (await page.request.get('/api/admin/taxonomy')).json()) as {
    topics: { id: string; shortId: string; label: string; slug: string; parentId: string | null }[];
  };
  const social = taxonomy.topics.find((topic) => topic.slug === 'social' && topic.parentId === null);
  if (!social) throw new Error('no Social topic in the demo content');
  const title = `Titres-restaurant : le plafond relevé ${Date.now()}`;
  const created = await page.request.post('/api/admin/articles', {
    headers,
    data: {
      type: 'actualite',
      title,
      summary: 'Le plafond journalier change au 1er janvier.',
      view: '<p>Le plafond d’utilisation journalier des titres-restaurant est relevé.</p>',
      topics: [{ id: social.id, shortId: social.shortId, label: social.label, slug: social.slug }],
    },
  });
  expect(created.status()).toBe(201);
  const { id, version } = (await created.json()) as { id: string; version: number };
  const published = await page.request.post(`/api/admin/articles/${id}/publish`, {
    headers,
    data: { version },
  });
  expect(published.status()).toBe(200);
  const publishedAt = Date.now();

  try {
    await expect
      .poll(async () => (await request.get('/actualite/social')).text(), { timeout: 5_000, intervals: [200] })
      .toContain(title);
    expect(Date.now() - publishedAt).toBeLessThanOrEqual(5_000);
    for (const path of [...fiscalArticles, ...searches])
      expect(await origin(request, path), path).toBe('HIT');
  } finally {
    // The lists' newest news is theirs again: other specs read the first screen's image of the news home.
    const { version: publishedVersion } = (await published.json()) as { version: number };
    const unpublished = await page.request.post(`/api/admin/articles/${id}/unpublish`, {
      headers,
      data: { version: publishedVersion },
    });
    expect(unpublished.status()).toBe(200);
  }
  // A withdrawn article must leave every search at once: the kept ones are dropped.
  for (const path of searches)
    await expect.poll(async () => origin(request, path), { timeout: 5_000, intervals: [200] }).toBe('MISS');
});
