import 'server-only';
import { articlesOfTextChange, EVERYTHING } from '../content/cache-tags';
import type { Db } from '../db/client';
import { keptSearches, purgePageCache } from '../http/page-cache-purge';
import { REVALIDATED_PAGE_ROUTES, REWRITTEN_PAGE_ROUTES } from '../http/route-table';
import { logger } from '../log';
import { readChangeFacts } from '../search/change-facts';
import { type KeptSearch, mayChangeKeptSearch } from '../search/change-matching';
import { noteIsrCopiesOfOtherInstances } from './isr-copies-on-disk';
import { markFullyRefreshed, needsFullRefresh, pathsTouchedBy } from './page-tags';
import { purgeSharedReads } from './shared-reads';

/**
 * Refreshes this process's cached copies that carry one of a change's tags (docs/decisions/073-content-tags.md):
 * the page cache's entries and the shared reads in memory, and Next's ISR pages by path through `revalidatePath`
 * (Next's, which works only in a route handler: POST /api/revalidate passes it). When this process may not know
 * every path Next.js keeps (the kept pages were not noted at the start, or the map pushed one out), every route
 * is refreshed at once, as every change did before.
 * `searchMayChange` (`searchesChangedBy`) says which kept searches an article change may alter; without it every
 * one is refreshed.
 * Answers how many ISR paths were refreshed one by one (undefined: every route) and page cache entries dropped.
 */
export function refreshCachedCopies(
  changed: readonly string[],
  revalidatePath: (path: string, type?: 'page') => void,
  searchMayChange?: (search: KeptSearch) => boolean,
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
  const pageCacheEntries = purgePageCache(changed, searchMayChange);
  purgeSharedReads(changed);
  return { pagePaths, pageCacheEntries };
}

/**
 * For a publication or a correction: which of the page cache's kept searches the changed articles may alter
 * (src/server/search/change-matching.ts, decision 078), from one read of the articles as they are now and of the
 * kept terms, on the instance that heard the change. Undefined for any other change (it names the searches or
 * not), and when the read fails: every kept search is then refreshed.
 */
export async function searchesChangedBy(
  db: Pick<Db, 'execute'>,
  changed: readonly string[],
): Promise<((search: KeptSearch) => boolean) | undefined> {
  const articleIds = articlesOfTextChange(changed);
  if (!articleIds) return undefined;
  const kept = keptSearches();
  if (kept.length === 0) return () => true;
  try {
    const facts = await readChangeFacts(db, articleIds, kept);
    return (search) => mayChangeKeptSearch(search, facts);
  } catch (error) {
    logger.warn(
      { err: error },
      'recherches gardées : lecture des articles modifiés impossible, toutes rafraîchies',
    );
    return undefined;
  }
}

/**
 * `refreshCachedCopies` for a change another process may have made, with instances sharing `build` (PostgreSQL:
 * docs/DEPLOY.md runs two from one folder): the ISR pages the others rendered since this one started are noted
 * first, so this instance refreshes them too. When the folder cannot be read, every copy is refreshed.
 */
export async function refreshCachedCopiesOfSharedBuild(
  changed: readonly string[],
  revalidatePath: (path: string, type?: 'page') => void,
  build: string,
  searchMayChange?: (search: KeptSearch) => boolean,
): Promise<ReturnType<typeof refreshCachedCopies>> {
  const noted = await noteIsrCopiesOfOtherInstances(build).then(
    () => true,
    (error: unknown) => {
      logger.warn({ err: error }, 'pages ISR des autres instances illisibles : tout est rafraîchi');
      return false;
    },
  );
  return refreshCachedCopies(noted ? changed : [EVERYTHING], revalidatePath, searchMayChange);
}
