import 'server-only';
import { EVERYTHING, isTouchedBy, tagsOfSharedRead } from '../content/cache-tags';
import { remember } from '../lib/remember';

/**
 * Public reads shared by every visitor for a few seconds (docs/decisions/006-in-process-page-cache.md).
 *
 * The news lists, the daily issue and the suggestions are the same for everybody and change when content is
 * published, a few times an hour. Under load, many visitors ask the same ones within a second; each answer is
 * computed once per `SHARED_READ_SECONDS` and per key, and concurrent askers wait for the same computation
 * instead of each querying the database (PGlite runs queries one at a time, on the server's own thread).
 * Only visitor-independent reads may go through here: nothing that depends on a session or on access rights. The
 * value is shared: callers read it, they never change it.
 */

/** As long as the page cache keeps a page: a list is never older than the page that shows it. */
export const SHARED_READ_SECONDS = 5;
/** Distinct keys kept, all reads together; the least recently used go first. */
export const SHARED_READ_MAX_ENTRIES = 1000;

/** `tags`: what the read shows (cache-tags.ts, by namespace); a content change naming one of them drops it. */
type Entry = { value: Promise<unknown>; expiresAt: number; tags: readonly string[] };
type State = { enabled: boolean; entries: Map<string, Entry>; hits: number; misses: number };

// On globalThis: Next.js may load this module once per bundle, and a purge must reach every copy's entries.

function state(): State {
  return remember<State>('shared-reads', () => ({ enabled: false, entries: new Map(), hits: 0, misses: 0 }));
}

/**
 * Turns sharing on. The server does it at start (src/instrumentation.ts); code run elsewhere (scripts, tests
 * calling route handlers on a database they change between calls) reads straight from the database.
 */
export function enableSharedReads(): void {
  state().enabled = true;
}

/**
 * The value of `load()` for this key, computed at most once per `SHARED_READ_SECONDS`. A failed load is not kept:
 * the next caller tries again (a database outage must not be remembered once the database is back).
 */
export function sharedRead<T>(
  namespace: string,
  key: string,
  load: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const current = state();
  if (!current.enabled) return load();
  const fullKey = `${namespace}\u0000${key}`;
  const entry = current.entries.get(fullKey);
  if (entry && entry.expiresAt > now) {
    current.hits += 1;
    current.entries.delete(fullKey);
    current.entries.set(fullKey, entry);
    return entry.value as Promise<T>;
  }
  current.misses += 1;
  // Keys asked once (a crawler, a fuzzer) must not stay until the bound pushes them out: drop the expired ones
  // at the least recently used end first.
  for (const [oldKey, old] of current.entries) {
    if (old.expiresAt > now) break;
    current.entries.delete(oldKey);
  }
  const value = load();
  const created: Entry = {
    value,
    expiresAt: now + SHARED_READ_SECONDS * 1000,
    tags: tagsOfSharedRead(namespace),
  };
  current.entries.delete(fullKey);
  current.entries.set(fullKey, created);
  value.catch(() => {
    if (current.entries.get(fullKey) === created) current.entries.delete(fullKey);
  });
  for (const oldKey of current.entries.keys()) {
    if (current.entries.size <= SHARED_READ_MAX_ENTRIES) break;
    current.entries.delete(oldKey);
  }
  return value;
}

/** Forgets the shared reads a change touches (every one by default): the next ask of each goes to the database. */
export function purgeSharedReads(changed: readonly string[] = [EVERYTHING]): void {
  const { entries } = state();
  for (const [key, entry] of [...entries]) if (isTouchedBy(entry.tags, changed)) entries.delete(key);
}

/** Reads answered from memory and reads computed, since the start (for /metrics). */
export function sharedReadStats(): { hits: number; misses: number; entries: number } {
  const { hits, misses, entries } = state();
  return { hits, misses, entries: entries.size };
}
