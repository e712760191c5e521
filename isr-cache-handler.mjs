// Next's ISR cache (next.config.ts `cacheHandler`), bounded: loaded by `next start` itself (plain Node, no
// TypeScript loader), hence JavaScript. Decision 003 and docs/OPERATIONS.md ("Disk").
import { rm } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import nextFileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

/** Next's own file-system cache class (a CommonJS module whose default export is the class). */
const FileSystemCache = nextFileSystemCache.default ?? nextFileSystemCache;

/** Rendered pages and route answers kept on disk by this process, at most. */
export const ISR_CACHE_MAX_ENTRIES = 5_000;
export const ISR_CACHE_MAX_BYTES = 512 * 1024 * 1024;

/**
 * Next's file-system cache, with two limits it lacks:
 *
 * - only successful answers are stored: a not-found page or a redirect rendered for a made-up URL
 *   (`/actualite/x_123`) was written to disk and kept, about 200 KB each, so random URLs filled the disk;
 * - what this process writes is bounded (entries and bytes, least recently used evicted, files deleted; a
 *   missing entry is rendered again).
 *
 * Pages prerendered at build time stay where the build put them; Next reads them as before.
 */
export default class BoundedIsrCache extends FileSystemCache {
  constructor(context) {
    super(context);
    const shared = sharedState();
    this.written = shared.written;
  }

  async set(key, data, context) {
    if (data && isUnsuccessful(data)) return;
    await super.set(key, data, context);
    if (!data || !this.serverDistDir) return;
    const size = sizeOf(data);
    if (size > 0) this.written.set(key, { files: this.filesOf(key, data), size });
  }

  async get(key, context) {
    const found = await super.get(key, context);
    // A hit keeps its files from being the next ones evicted.
    if (found) this.written.get(key);
    return found;
  }

  /** The files and folders Next writes for an entry (FileSystemCache.set). */
  filesOf(key, data) {
    const kind = data.kind === 'APP_ROUTE' ? 'APP_ROUTE' : data.kind === 'PAGES' ? 'PAGES' : 'APP_PAGE';
    if (kind === 'APP_ROUTE') {
      const body = this.getFilePath(`${key}.body`, kind);
      return [body, body.replace(/\.body$/, '.meta')];
    }
    if (data.kind !== 'APP_PAGE' && data.kind !== 'PAGES') return [this.getFilePath(key, 'FETCH')];
    const html = this.getFilePath(`${key}.html`, kind);
    const stem = html.replace(/\.html$/, '');
    return [html, `${stem}.meta`, `${stem}.rsc`, `${stem}.json`, `${stem}.segments`];
  }
}

/** A not-found page, a redirect or an error: nothing worth keeping for the next visitor. */
function isUnsuccessful(data) {
  return typeof data.status === 'number' && data.status !== 200;
}

function sizeOf(data) {
  let size = 0;
  for (const part of [data.html, data.rscData, data.body]) {
    if (typeof part === 'string') size += Buffer.byteLength(part);
    else if (part && typeof part.length === 'number') size += part.length;
  }
  if (data.segmentData) for (const buffer of data.segmentData.values()) size += buffer.length;
  return size;
}

const STATE = Symbol.for('quotidienne.isr-cache');

/**
 * One registry of written entries per process (Next builds a cache handler per request). Entries written by
 * earlier runs are left in place: instances share the build folder, and emptying it at one's start broke the
 * other's writes (measured in the scale benchmark); since only real pages are stored, they are bounded by the
 * site's own pages.
 */
function sharedState() {
  const holder = globalThis;
  if (!holder[STATE]) {
    holder[STATE] = {
      written: new LRUCache({
        max: ISR_CACHE_MAX_ENTRIES,
        maxSize: ISR_CACHE_MAX_BYTES,
        sizeCalculation: (entry) => Math.max(1, entry.size),
        dispose: (entry, _key, reason) => {
          // Replaced by a newer copy: the same files were just rewritten, nothing to delete.
          if (reason === 'set') return;
          for (const file of entry.files) void rm(file, { recursive: true, force: true }).catch(() => {});
        },
      }),
    };
  }
  return holder[STATE];
}
