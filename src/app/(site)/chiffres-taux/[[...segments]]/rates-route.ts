import 'server-only';
import { cache } from 'react';
import { ARTICLE_TYPE, NEWS_TOPICS, RATES_LIST_LIMIT, RATES_TOPICS } from '@/lib/constants';
import { parseArticleParam } from '@/lib/urls';
import { getDb } from '@/server/db/client';
import { type ArticlePageData, loadArticlePage } from '@/server/pages/article-page';
import { loadSectionListing, type SectionListing } from '@/server/simulators/section-listing';

export type RatesRoute =
  | { kind: 'listing'; data: SectionListing }
  | { kind: 'article'; data: ArticlePageData };

function isRatesTopic(slug: string): boolean {
  return (RATES_TOPICS as readonly string[]).includes(slug);
}

/** Sub-topic paths /chiffres-taux/{trade}/{subtopic} are named by any of the eight trades. */
function isTrade(slug: string): boolean {
  return (NEWS_TOPICS as readonly string[]).includes(slug);
}

const resolveByPath = cache(async (path: string): Promise<RatesRoute | null> => {
  const [first, second, ...extra] = path === '' ? [] : path.split('/');
  if (extra.length > 0) return null;
  const db = await getDb();
  if (first === undefined || isRatesTopic(first) || (second !== undefined && isTrade(first))) {
    const data = await loadSectionListing(db, {
      type: ARTICLE_TYPE.rates,
      topicSlug: first,
      thematicsParam: second,
      limit: RATES_LIST_LIMIT,
    });
    // A sub-topic path whose thematics are all unknown is not a page of its own.
    if (second !== undefined && data.selected.length === 0) return null;
    return { kind: 'listing', data };
  }
  const param = second === undefined ? parseArticleParam(first) : null;
  if (!param) return null;
  const data = await loadArticlePage(db, param.id);
  return data ? { kind: 'article', data } : null;
});

/**
 * What a path under /chiffres-taux shows: the latest figures and rates, those of a topic, of a topic's
 * thematics (/chiffres-taux/{trade}/{subtopic} included) or an article /chiffres-taux/{slug}_{id}; null for
 * anything else. Memoised for the request: metadata and page read the database once.
 */
export function resolveRatesRoute(segments: readonly string[]): Promise<RatesRoute | null> {
  return resolveByPath(segments.map((segment) => decodeURIComponent(segment)).join('/'));
}
