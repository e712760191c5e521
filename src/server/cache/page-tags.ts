import 'server-only';
import { LRUCache } from 'lru-cache';
import { EVERYTHING, isTouchedBy, tagsOfPagePath } from '../content/cache-tags';
import { remember } from '../lib/remember';

/**
 * The tags of each page the app rendered, by path (docs/decisions/073-content-tags.md).
 *
 * A page that knows what it shows records its tags when it renders (`tagRenderedPage`, from the section and
 * editorial pages); the page cache stores them with its copy of the page, and a content change refreshes Next's
 * ISR copy of exactly the paths whose tags it names (`pathsTouchedBy`). On globalThis: the app's bundle records,
 * our server's steps and the revalidation route read the same map.
 *
 * Next's ISR copies of paths this map does not know cannot be refreshed one by one. Those Next.js kept on disk
 * before the start are noted at the start (`noteKeptPages`, from isr-copies-on-disk.ts); when the map pushes one
 * out at its bound, it says it is incomplete and the next change refreshes every ISR page (`needsFullRefresh`).
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
 * An ISR page served by Next.js whose tags nobody recorded: an article or rate table page gets its tags from its
 * path, any other is refreshed by every change from now on.
 */
export function noteUntaggedPage(path: string): void {
  const { tags } = state();
  if (!tags.has(path)) tags.set(path, tagsOfPagePath(path) ?? [EVERYTHING]);
}

/**
 * At the start, before any request: the paths of every ISR copy Next.js kept on disk, which it may serve without
 * a render (so without recording tags). Noted as untagged pages, the map then knows every ISR page there is and a
 * change refreshes only the paths it touches; past the map's bound it is incomplete again (the next change
 * refreshes everything).
 */
export function noteKeptPages(paths: Iterable<string>): void {
  const current = state();
  current.complete = true;
  // An eviction while noting (more kept pages than MAX_PATHS) sets it back to false.
  for (const path of paths) noteUntaggedPage(path);
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
