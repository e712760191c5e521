import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { publishArticleInTopic, signInAsEditor } from './support/staff';

/**
 * A publication refreshes only the copies that show what it touched (docs/decisions/073-content-tags.md), over
 * HTTP on the built site: a page asked twice is a page cache HIT; after a Social article is published in the
 * newsroom, the Fiscal article pages warmed before are still HITs, while /actualite/social shows the new article
 * within 5 s. A search page and a suggestion list kept before, for a word the new article holds, show it within
 * 5 s, while a search and a suggestion list for a word it does not hold stay HITs (decision 078); the withdrawal
 * drops every search, and the title leaves the suggestions within 5 s.
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
  // A word no demo article holds: the searches kept before the publication show nothing of it.
  const searchPage = '/search?term=zephyrinade';
  const suggestions = '/api/search/suggest?term=zephyrinade';
  // A word of the demo articles the new one does not hold: its kept search is left alone by the publication.
  const unrelated = ['/search?term=licenciement', '/api/search/suggest?term=licenci'];
  const searches = [searchPage, suggestions, ...unrelated];
  for (const path of [...fiscalArticles, '/actualite/social', ...searches]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(await origin(request, path), path).toBe('HIT');
  }

  await signInAsEditor(page, consoleGuard);
  const stamp = String(Date.now());
  const title = `Zephyrinade : le plafond des titres-restaurant relevé ${stamp}`;
  /** Whether the suggestions, as a reader asks them now, offer the article's title. */
  const suggestionsOfferIt = async () => (await (await request.get(suggestions)).text()).includes(stamp);
  expect(await suggestionsOfferIt()).toBe(false);
  const published = await publishArticleInTopic(page, 'social', {
    type: 'actualite',
    title,
    summary: 'Le plafond journalier change au 1er janvier.',
    view: '<p>Le plafond d’utilisation journalier des titres-restaurant est relevé.</p>',
  });
  const publishedAt = Date.now();

  try {
    await expect
      .poll(async () => (await request.get('/actualite/social')).text(), { timeout: 5_000, intervals: [200] })
      .toContain(title);
    expect(Date.now() - publishedAt).toBeLessThanOrEqual(5_000);
    for (const path of [...fiscalArticles, ...unrelated])
      expect(await origin(request, path), path).toBe('HIT');
    await expect
      .poll(async () => (await request.get(searchPage)).text(), {
        timeout: Math.max(1_000, 5_000 - (Date.now() - publishedAt)),
        intervals: [200],
      })
      .toContain(stamp);
    await expect
      .poll(suggestionsOfferIt, {
        timeout: Math.max(1_000, 5_000 - (Date.now() - publishedAt)),
        intervals: [200],
      })
      .toBe(true);
  } finally {
    // The lists' newest news is theirs again: other specs read the first screen's image of the news home.
    await published.unpublish();
  }
  // A withdrawn article leaves every search at once: the kept copies are dropped, not served while one renders.
  await expect
    .poll(async () => origin(request, searchPage), { timeout: 5_000, intervals: [200] })
    .toBe('MISS');
  await expect.poll(suggestionsOfferIt, { timeout: 5_000, intervals: [200] }).toBe(false);
});
