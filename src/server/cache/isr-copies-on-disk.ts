import 'server-only';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isCachedPagePath } from '../http/route-table';
import { noteKeptPages, noteUntaggedPage } from './page-tags';

/**
 * The ISR pages Next.js kept on disk before this process started (docs/decisions/076-content-tags-searches-and-
 * start.md). Next's file-system cache (isr-cache-handler.mjs) serves them after a restart without rendering them,
 * so without recording their tags: noted at the start, before any request, a change refreshes those it touches (an
 * article or rate table page by its path's tags, any other by every change until it renders again) instead of
 * every ISR page at the first change.
 *
 * Where Next.js 16 keeps them: a page rendered at run time under its route's folder of the route cache,
 * `{build}/server/route-cache/APP_PAGE/{sha256 of the route}/$/{path}.html` (`/index.html` for `/`, a path starting
 * with `/index` one more `/index` in front: Next's `normalizePagePath`); a page prerendered by the build at
 * `{build}/server/app/{path}.html`.
 */
export async function keptIsrPaths(build: string): Promise<string[]> {
  const paths = new Set<string>();
  for (const file of await htmlFiles(path.join(build, 'server', 'app'))) paths.add(addressOf(file));
  const routeCache = path.join(build, 'server', 'route-cache', 'APP_PAGE');
  for (const file of await htmlFiles(routeCache)) {
    // {route hash}/$/{path}: the path after the route's folder and its `$`.
    const [, dollar, ...rest] = file.split('/');
    if (dollar === '$' && rest.length > 0) paths.add(addressOf(rest.join('/')));
  }
  return [...paths].filter(isCachedPagePath);
}

/** The `.html` files under a folder, by their path from it with `/` separators; none when it does not exist. */
async function htmlFiles(folder: string): Promise<string[]> {
  try {
    const files = await readdir(folder, { recursive: true });
    return files.filter((file) => file.endsWith('.html')).map((file) => file.split(path.sep).join('/'));
  } catch (error) {
    // No folder, no copy; anything else is not known, so not answered.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The address of a page file (`actualite/fiscal.html`), undoing `normalizePagePath`'s `/index`. */
function addressOf(file: string): string {
  const page = `/${file.slice(0, -'.html'.length)}`;
  if (page === '/index') return '/';
  return page.startsWith('/index/') ? page.slice('/index'.length) : page;
}

/** Notes the ISR pages kept on disk as this process's own (page-tags.ts); answers how many there are. */
export async function noteIsrCopiesOnDisk(build: string): Promise<number> {
  const paths = await keptIsrPaths(build);
  noteKeptPages(paths);
  return paths.length;
}

/**
 * Before a change, where instances share one build folder (refresh-copies.ts): the ISR pages another instance
 * rendered since this one started are on disk, and Next.js here would serve them without a render, so without this
 * process knowing their tags. Noted as untagged pages (an article page by its path's tags, any other by every change
 * until it renders here), the change refreshes them on this instance too; the pages this process knows keep their
 * tags, and whether it knows every ISR page (`needsFullRefresh`) is left as it was. Answers how many are on disk.
 */
export async function noteIsrCopiesOfOtherInstances(build: string): Promise<number> {
  const paths = await keptIsrPaths(build);
  for (const page of paths) noteUntaggedPage(page);
  return paths.length;
}
