import 'server-only';
import { LRUCache } from 'lru-cache';
import { EVERYTHING, isTouchedBy, tagsOfArticlePath } from '../content/cache-tags';
import { remember } from '../lib/remember';

/**
 * The tags of each page the app rendered, by path (docs/decisions/073-content-tags.md).
 *
 * A page that knows what it shows records its tags when it renders (`tagRenderedPage`, from the section and
 * editorial pages); the page cache stores them with its copy of the page, and a content change refreshes Next's
 * ISR copy of exactly the paths whose tags it names (`pathsTouchedBy`). On globalThis: the app's bundle records,
 * our server's steps and the revalidation route read the same map.
 *
 * Next's ISR copies of paths this map does not know (rendered before the process started, or pushed out of the
 * map) cannot be refreshed one by one: until a change has refreshed every ISR page once, the map says it is
 * incomplete and the change refreshes them all (`needsFullRefresh`).
 */

/** Paths remembered; the least recently rendered go first (and the map becomes incomplete). */
const MAX_PATHS = 20_000;

type State = { tags: LRUCache<string, readonly string[]>; complete: boolean };

function state(): State {
  return remember<State>('page-tags', () => {
    const current: State = {
      complete: false,
      tags: new LRUCache<string, readonly string[]>({
        max: MAX_PATHS,
        dispose: (_value, _key, reason) => {
          if (reason === 'evict') current.complete = false;
        },
      }),
    };
    return current;
  });
}

/** Called by a page as it renders: the tags of what it shows at `path` (its address, as readers ask it). */
export function tagRenderedPage(path: string, tags: readonly string[]): void {
  state().tags.set(path, tags);
}

/** The tags a page recorded at its last render in this process, if it did. */
export function renderedPageTags(path: string): readonly string[] | undefined {
  return state().tags.get(path);
}

/**
 * An ISR page served by Next.js whose tags nobody recorded: an article page gets its tags from its path, any other
 * is refreshed by every change from now on.
 */
export function noteUntaggedPage(path: string): void {
  const { tags } = state();
  if (!tags.has(path)) tags.set(path, tagsOfArticlePath(path) ?? [EVERYTHING]);
}

/** The paths whose recorded tags a change naming `changed` touches. */
export function pathsTouchedBy(changed: readonly string[]): string[] {
  const paths: string[] = [];
  for (const [path, tags] of state().tags.entries()) if (isTouchedBy(tags, changed)) paths.push(path);
  return paths;
}

/** True until every ISR page has been refreshed once since the map last lost track of one. */
export function needsFullRefresh(): boolean {
  return !state().complete;
}

/** After every ISR page was refreshed: from now on the map knows each one Next.js renders. */
export function markFullyRefreshed(): void {
  state().complete = true;
}
