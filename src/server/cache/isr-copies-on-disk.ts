import 'server-only';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isCachedPagePath } from '../http/route-table';
import { noteKeptPages } from './page-tags';

/**
 * The ISR pages Next.js kept on disk before this process started (docs/decisions/075-content-tags-searches-and-
 * start.md). Next's file-system cache (isr-cache-handler.mjs) keeps a page at `{build}/server/app/{path}.html`
 * (`index.html` for `/`) and serves it after a restart without rendering it, so without recording its tags: noted
 * at the start, before any request, a change refreshes those it touches (an article or rate table page by its
 * path's tags, any other by every change until it renders again) instead of every ISR page at the first change.
 */
export async function keptIsrPaths(build: string): Promise<string[]> {
  let files: string[];
  try {
    files = await readdir(path.join(build, 'server', 'app'), { recursive: true });
  } catch (error) {
    // No folder, no copy (a build that prerendered nothing); anything else is not known, so not answered.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const paths: string[] = [];
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    const stem = file.slice(0, -'.html'.length).split(path.sep).join('/');
    const address = stem === 'index' ? '/' : `/${stem}`;
    if (isCachedPagePath(address)) paths.push(address);
  }
  return paths;
}

/** Notes the ISR pages kept on disk as this process's own (page-tags.ts); answers how many there are. */
export async function noteIsrCopiesOnDisk(build: string): Promise<number> {
  const paths = await keptIsrPaths(build);
  noteKeptPages(paths);
  return paths.length;
}
