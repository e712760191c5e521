import 'server-only';
import { EVERYTHING } from '../content/cache-tags';
import { purgePageCache } from '../http/page-cache-store';
import { REVALIDATED_PAGE_ROUTES, REWRITTEN_PAGE_ROUTES } from '../http/route-table';
import { markFullyRefreshed, needsFullRefresh, pathsTouchedBy } from './page-tags';
import { purgeSharedReads } from './shared-reads';

/**
 * Refreshes this process's cached copies that carry one of a change's tags (docs/decisions/073-content-tags.md):
 * the page cache's entries and the shared reads in memory, and Next's ISR pages by path through `revalidatePath`
 * (Next's, which works only in a route handler: POST /api/revalidate passes it). When this process may not know
 * every path Next.js keeps (the kept pages were not noted at the start, or the map pushed one out), every route
 * is refreshed at once, as every change did before.
 * Answers how many ISR paths were refreshed one by one (undefined: every route) and page cache entries dropped.
 */
export function refreshCachedCopies(
  changed: readonly string[],
  revalidatePath: (path: string, type?: 'page') => void,
): {
  pagePaths: number | undefined;
  pageCacheEntries: number;
} {
  let pagePaths: number | undefined;
  if (changed.includes(EVERYTHING) || needsFullRefresh()) {
    for (const route of REVALIDATED_PAGE_ROUTES) revalidatePath(route, 'page');
    markFullyRefreshed();
  } else {
    // A page served through a rewrite (the home) is kept by Next.js under the route's own path: by route.
    for (const route of REWRITTEN_PAGE_ROUTES) revalidatePath(route, 'page');
    const paths = pathsTouchedBy(changed);
    for (const path of paths) revalidatePath(path);
    pagePaths = paths.length;
  }
  const pageCacheEntries = purgePageCache(changed);
  purgeSharedReads(changed);
  return { pagePaths, pageCacheEntries };
}
