import 'server-only';
import { cache } from 'react';
import { ARTICLE_TYPE, PRERENDER_SIMULATORS_SIZE, SIMULATOR_TOPICS } from '@/lib/constants';
import { ARTICLE_ID_PATTERN, parseArticleParam } from '@/lib/urls';
import { getDb } from '@/server/db/client';
import { type ArticlePageData, loadArticlePage } from '@/server/pages/article-page';
import { loadSectionListing, type SectionListing } from '@/server/simulators/section-listing';

export type SimulatorsRoute =
  | { kind: 'listing'; data: SectionListing }
  | { kind: 'simulator'; data: ArticlePageData; byId: boolean };

function isSimulatorTopic(slug: string): boolean {
  return (SIMULATOR_TOPICS as readonly string[]).includes(slug);
}

const resolveByPath = cache(async (path: string): Promise<SimulatorsRoute | null> => {
  const [first, second, ...extra] = path === '' ? [] : path.split('/');
  if (extra.length > 0) return null;
  const db = await getDb();
  if (first === undefined || isSimulatorTopic(first)) {
    const data = await loadSectionListing(db, {
      type: ARTICLE_TYPE.simulator,
      topicSlug: first,
      thematicsParam: second,
      limit: PRERENDER_SIMULATORS_SIZE,
    });
    if (second !== undefined && data.selected.length === 0) return null;
    return { kind: 'listing', data };
  }
  if (second !== undefined) return null;
  const param = parseArticleParam(first);
  // /simulateurs/{slug}_{id} (article-type simulators) or /simulateurs/{simulatorId}.
  const id = param?.id ?? (ARTICLE_ID_PATTERN.test(first) ? first : null);
  if (!id) return null;
  const data = await loadArticlePage(db, id);
  return data ? { kind: 'simulator', data, byId: !param } : null;
});

/**
 * What a path under /simulateurs shows: the simulators (of a topic, of thematics) or one simulator, by
 * /simulateurs/{slug}_{id} or /simulateurs/{simulatorId}; null for anything else. Memoised for the request.
 */
export function resolveSimulatorsRoute(segments: readonly string[]): Promise<SimulatorsRoute | null> {
  return resolveByPath(segments.map((segment) => decodeURIComponent(segment)).join('/'));
}
