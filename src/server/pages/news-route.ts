import 'server-only';
import { cache } from 'react';
import { type NewsFilters, parseFilterSegment } from '@/lib/news-filters';
import { parseArticleParam } from '@/lib/urls';
import { getDb } from '@/server/db/client';
import { type ArticlePageData, loadArticlePage } from './article-page';
import { isNewsTopic, type ListingPageData, loadListingPage } from './news-listing';

export type NewsRoute =
  | { kind: 'listing'; data: ListingPageData }
  | { kind: 'article'; data: ArticlePageData };

/** Path segments under /actualite, joined: the key of the per-request memo (arrays differ by identity). */
const resolveByPath = cache(async (path: string): Promise<NewsRoute | null> => {
  const segments = path === '' ? [] : path.split('/');
  // A listing filtered by ?metier= or ?format=, rewritten by next.config.ts: its first segment holds the filters.
  let filters: NewsFilters = {};
  if (segments[0]?.startsWith('~')) {
    const parsed = parseFilterSegment(segments[0]);
    if (!parsed) return null;
    filters = parsed;
    segments.shift();
  }
  const [first, second, ...extra] = segments;
  if (extra.length > 0) return null;
  const db = await getDb();
  if (first === undefined) {
    const data = await loadListingPage(db, undefined, undefined, filters);
    return data ? { kind: 'listing', data } : null;
  }
  if (isNewsTopic(first)) {
    const data = await loadListingPage(db, first, second, filters);
    return data ? { kind: 'listing', data } : null;
  }
  if (filters.metier || filters.format) return null;
  const article = second === undefined ? parseArticleParam(first) : null;
  if (!article) return null;
  const data = await loadArticlePage(db, article.id);
  return data ? { kind: 'article', data } : null;
});

/**
 * What a path under /actualite shows: the news home (no segment), a topic page (/actualite/{topic}), a thematic
 * page (/actualite/{topic}/{t1_t2}, also the sub-topic paths /actualite/{trade}/{subtopic}) or an article
 * (/actualite/{slug}_{id}). Null for anything else (page not found). Memoised for the request, so the metadata
 * and the page read the database once.
 */
export function resolveNewsRoute(segments: readonly string[]): Promise<NewsRoute | null> {
  return resolveByPath(segments.map((segment) => decodeURIComponent(segment)).join('/'));
}
