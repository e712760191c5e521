import { describe, expect, it } from 'vitest';
import { get, servePageCacheBeforeStandIn, stand } from '../../../tests/support/page-cache-stand-in';
import {
  type ArticleTagFacts,
  tagsOfArticleChange,
  tagsOfArticlePage,
  tagsOfListingPage,
} from '../content/cache-tags';
import { purgePageCache } from './page-cache-store';

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
  it('a Social publication drops the Social listing and keeps the Fiscal article', async () => {
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
    expect(purgePageCache(tagsOfArticleChange(SOCIAL_PUBLISHED))).toBe(1);
    expect(await origin(FISCAL_ARTICLE)).toBe('HIT');
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
});
