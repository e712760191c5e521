import 'server-only';
import { dropsAtOnce, EVERYTHING, isTouchedBy } from '../content/cache-tags';
import { routeLabel } from '../observability/route-label';
import type { KeptSearch } from '../search/change-matching';
import { pathOf, state } from './page-cache-store';

/**
 * Refreshes the answers that carry one of the tags of a change (every answer without tags); returns how many. A
 * change that must show at once everywhere (`dropsAtOnce`: a withdrawal, the search blocklist, everything)
 * forgets them: every request goes to Next.js until one stores the new version. Any other (a publication, a
 * correction) marks them outdated: the next request still renders the new version itself (`MISS`), and those
 * arriving during that render get the previous copy (`STALE`) rather than each waiting for a render of its own
 * (under the publication bench, a listing so refreshed answered five MISSes a change); past
 * PAGE_CACHE_STALE_SECONDS the copy is forgotten as any stale copy is (decision 076).
 */
export function purgePageCache(
  changed: readonly string[] = [EVERYTHING],
  searchMayChange?: (search: KeptSearch) => boolean,
): number {
  const { stores, renderedAt, refreshed } = state();
  const now = Date.now();
  const forget = dropsAtOnce(changed);
  let touched = 0;
  for (const store of Object.values(stores)) {
    const keys = [...store.entries.entries()]
      .filter(([, entry]) => {
        const { search } = entry;
        const textMayChange = search && searchMayChange ? () => searchMayChange(search) : undefined;
        return isTouchedBy(entry.tags, changed, textMayChange);
      })
      .map(([key]) => key);
    for (const key of keys) {
      const entry = store.entries.peek(key);
      if (forget) store.entries.delete(key);
      else if (entry) {
        entry.expiresAt = Math.min(entry.expiresAt, now);
        entry.outdated = true;
        entry.outdatedAt = now;
        // A refresh started before the change may bring the previous version: the next request renders again.
        entry.refreshingSince = undefined;
      }
      // Next's copy is refreshed too: its age is unknown until Next says it rendered.
      renderedAt.delete(key);
      const route = routeLabel(pathOf(key));
      refreshed.set(route, (refreshed.get(route) ?? 0) + 1);
      touched += 1;
    }
  }
  if (changed.includes(EVERYTHING)) renderedAt.clear();
  return touched;
}

/** What the kept search pages and suggestion lists answered for (to match an article change against). */
export function keptSearches(): KeptSearch[] {
  const { stores } = state();
  const kept: KeptSearch[] = [];
  for (const store of [stores.rendered, stores.reads])
    for (const entry of store.entries.values()) if (entry.search) kept.push(entry.search);
  return kept;
}
