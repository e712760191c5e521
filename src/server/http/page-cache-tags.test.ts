import { describe, expect, it } from 'vitest';
import {
  get,
  SEARCH_NONCE,
  SEARCH_PAGE_ANSWER,
  SUGGESTIONS_ANSWER,
  servePageCacheBeforeStandIn,
  stand,
  waitFor,
} from '../../../tests/support/page-cache-stand-in';
import {
  type ArticleTagFacts,
  ISSUE_CHANGE,
  SEARCH_CHANGE,
  tagsOfArticleChange,
  tagsOfArticlePage,
  tagsOfArticleWithdrawal,
  tagsOfListingPage,
} from '../content/cache-tags';
import type { KeptSearch } from '../search/change-matching';
import { keptSearches, purgePageCache } from './page-cache-purge';
import { pageCacheStats } from './page-cache-store';

servePageCacheBeforeStandIn();

const FISCAL_ARTICLE = '/actualite/tva-sur-marge_F1';
const SOCIAL_PUBLISHED: ArticleTagFacts = {
  id: 'S9',
  type: 'actualite',
  topicSlugs: ['social'],
  trades: [],
  publicationDate: new Date('2026-12-02T08:00:00Z'),
};

async function origin(path: string): Promise<string | null> {
  return (await get(path)).response.headers.get('x-cache');
}

describe('page cache entries carry the tags of their page', () => {
  it('a Social publication refreshes the Social listing and keeps the Fiscal article', async () => {
    // Rendered for this request: kept as long as Next's copy, whatever the machine's pace.
    stand.upstream.headers['x-nextjs-cache'] = 'MISS';
    stand.upstream.tags = {
      [FISCAL_ARTICLE]: tagsOfArticlePage({ id: 'F1' }),
      '/actualite/social': tagsOfListingPage('news', ['social']),
    };
    for (const path of [FISCAL_ARTICLE, '/actualite/social']) {
      expect(await origin(path)).toBe('MISS');
      expect(await origin(path)).toBe('HIT');
    }
    const refreshedBefore = new Map(pageCacheStats().refreshedByRoute);
    expect(purgePageCache(tagsOfArticleChange(SOCIAL_PUBLISHED))).toBe(1);
    // Counted by route for /metrics (page_cache_refreshed_total): the listing, not the article.
    const refreshedAfter = pageCacheStats().refreshedByRoute;
    expect((refreshedAfter.get('/actualite/*') ?? 0) - (refreshedBefore.get('/actualite/*') ?? 0)).toBe(1);
    expect(await origin(FISCAL_ARTICLE)).toBe('HIT');
    // The next request renders the new version itself; those arriving during that render get the previous copy.
    stand.reached = [];
    stand.upstream.body = '<!doctype html><p>Nouvel article social</p>';
    let renderOver = () => {};
    stand.holdNext = new Promise((resolve) => {
      renderOver = resolve;
    });
    const first = get('/actualite/social');
    await waitFor(() => stand.reached.length === 1);
    const during = await get('/actualite/social');
    expect(during.response.headers.get('x-cache')).toBe('STALE');
    expect(during.body.toString()).toBe('<!doctype html><p>Actualité du jour</p>');
    stand.holdNext = undefined;
    renderOver();
    const rendered = await first;
    expect(rendered.response.headers.get('x-cache')).toBe('MISS');
    expect(rendered.body.toString()).toContain('Nouvel article social');
    const after = await get('/actualite/social');
    expect(after.response.headers.get('x-cache')).toBe('HIT');
    expect(after.body.toString()).toContain('Nouvel article social');
    expect(stand.reached).toHaveLength(1);
  });

  it("Next's copy from before the change, answered before its revalidation lands, is not kept", async () => {
    stand.upstream.headers['x-nextjs-cache'] = 'MISS';
    stand.upstream.tags = { '/actualite/social': tagsOfListingPage('news', ['social']) };
    expect(await origin('/actualite/social')).toBe('MISS');
    expect(await origin('/actualite/social')).toBe('HIT');
    purgePageCache(tagsOfArticleChange(SOCIAL_PUBLISHED));
    // Next.js has not applied the change's revalidatePath yet: its ISR copy, the old page, answers.
    stand.upstream.headers['x-nextjs-cache'] = 'HIT';
    stand.reached = [];
    expect(await origin('/actualite/social')).toBe('MISS');
    // Not served from the page cache for its life: the next request asks Next.js again.
    expect(await origin('/actualite/social')).toBe('MISS');
    expect(stand.reached).toHaveLength(2);
    stand.upstream.headers['x-nextjs-cache'] = 'MISS';
    stand.upstream.body = '<!doctype html><p>Nouvel article social</p>';
    expect(await origin('/actualite/social')).toBe('MISS');
    const after = await get('/actualite/social');
    expect(after.response.headers.get('x-cache')).toBe('HIT');
    expect(after.body.toString()).toContain('Nouvel article social');
    expect(stand.reached).toHaveLength(3);
  });

  it('a withdrawal drops the copies it touches at once: the next request renders', async () => {
    stand.upstream.headers['x-nextjs-cache'] = 'MISS';
    stand.upstream.tags = { '/actualite/social': tagsOfListingPage('news', ['social']) };
    expect(await origin('/actualite/social')).toBe('MISS');
    expect(await origin('/actualite/social')).toBe('HIT');
    purgePageCache(tagsOfArticleWithdrawal(tagsOfArticleChange(SOCIAL_PUBLISHED)));
    expect(await origin('/actualite/social')).toBe('MISS');
  });

  it('a page that recorded no tags is dropped by every change', async () => {
    stand.upstream.tags = {};
    await get('/archives/2024');
    expect(await origin('/archives/2024')).toBe('HIT');
    purgePageCache(['page:cgu']);
    expect(await origin('/archives/2024')).toBe('MISS');
  });

  it('an article page that recorded no tags (a copy Next.js kept on disk) carries its own, from its path', async () => {
    stand.upstream.tags = {};
    const path = '/actualite/bareme-kilometrique_F7';
    await get(path);
    expect(await origin(path)).toBe('HIT');
    purgePageCache(tagsOfArticleChange(SOCIAL_PUBLISHED));
    expect(await origin(path)).toBe('HIT');
    purgePageCache(tagsOfArticleChange({ ...SOCIAL_PUBLISHED, id: 'F7', topicSlugs: ['fiscal'] }));
    expect(await origin(path)).toBe('MISS');
  });

  it('a search page and a suggestion list are rendered again after a publication, dropped at a withdrawal', async () => {
    const searchPage = {
      ...SEARCH_PAGE_ANSWER,
      body: `<!doctype html><script nonce="${SEARCH_NONCE}" src="/a.js"></script><h1>Résultats pour « tva »</h1>`,
    };
    const suggestions = {
      ...SUGGESTIONS_ANSWER,
      body: JSON.stringify([{ value: 'TVA sur marge', formatedSuggestion: '<mark>TVA</mark> sur marge' }]),
    };
    /** Asks both, each answered by its own upstream when it is not served from the cache. */
    const ask = async (expected: string) => {
      stand.upstream = searchPage;
      expect(await origin('/search?term=tva')).toBe(expected);
      stand.upstream = suggestions;
      expect(await origin('/api/search/suggest?term=tva')).toBe(expected);
    };
    await ask('MISS');
    purgePageCache(ISSUE_CHANGE);
    await ask('HIT');
    // Any article may match a search: its next request renders it again, with the new article.
    const social = tagsOfArticleChange(SOCIAL_PUBLISHED);
    purgePageCache(social);
    await ask('MISS');
    await ask('HIT');
    purgePageCache(tagsOfArticleWithdrawal(social));
    await ask('MISS');
    purgePageCache(SEARCH_CHANGE);
    await ask('MISS');
  });

  it('a publication refreshes only the kept searches its text may change, and those listing the article', async () => {
    const searchPage = (listed: string) => ({
      ...SEARCH_PAGE_ANSWER,
      body: `<!doctype html><script nonce="${SEARCH_NONCE}" src="/a.js"></script><a href="${listed}">Un résultat</a>`,
    });
    const suggestions = {
      ...SUGGESTIONS_ANSWER,
      body: JSON.stringify([
        { value: 'Bail commercial', formatedSuggestion: '<mark>Bail</mark> commercial' },
        { value: 'Article L145-1', formatedSuggestion: 'Article L145-1', url: '/textes/l145-1' },
      ]),
    };
    const ask = async (path: string, upstream: typeof suggestions) => {
      stand.upstream = upstream;
      return origin(path);
    };
    const copies = {
      '/search?term=Plafond%20relev%C3%A9': searchPage('/actualite/titres-restaurant_S1'),
      '/search?term=licenciement': searchPage('/actualite/licenciement-economique_S2'),
      '/search?term=bail': searchPage('/actualite/bail-commercial_S9'),
      '/api/search/suggest?term=bail': suggestions,
    };
    for (const [path, upstream] of Object.entries(copies)) expect(await ask(path, upstream)).toBe('MISS');
    // What each copy noted: the term as the page reads it, the phrases offered (not a legal text's page).
    expect(keptSearches()).toEqual(
      expect.arrayContaining<KeptSearch>([
        { kind: 'page', term: 'Plafond relevé' },
        { kind: 'page', term: 'licenciement' },
        { kind: 'suggestions', term: 'bail', offered: ['Bail commercial'] },
      ]),
    );
    // The article S9 is about the ceiling: its text may change the first search only; the third lists it.
    const asked: KeptSearch[] = [];
    const matches = (search: KeptSearch) => {
      asked.push(search);
      return search.kind === 'page' && search.term === 'Plafond relevé';
    };
    expect(purgePageCache(tagsOfArticleChange(SOCIAL_PUBLISHED), matches)).toBe(2);
    expect(await ask('/search?term=licenciement', copies['/search?term=licenciement'])).toBe('HIT');
    expect(await ask('/api/search/suggest?term=bail', suggestions)).toBe('HIT');
    expect(await ask('/search?term=Plafond%20relev%C3%A9', searchPage('/actualite/a_S1'))).toBe('MISS');
    expect(await ask('/search?term=bail', copies['/search?term=bail'])).toBe('MISS');
    // Not asked about the copy listing the article: its `article:` tag refreshes it whatever its words.
    expect(asked).not.toContainEqual({ kind: 'page', term: 'bail' });
    // A withdrawal drops every search, whatever its words.
    purgePageCache(tagsOfArticleWithdrawal(tagsOfArticleChange(SOCIAL_PUBLISHED)), () => false);
    expect(await ask('/search?term=licenciement', copies['/search?term=licenciement'])).toBe('MISS');
  });
});
