import 'server-only';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { PATHS } from '@/lib/constants';
import { EVERYTHING, tagsOfListedArticles } from '../content/cache-tags';
import { env } from '../env';
import { remember } from '../lib/remember';
import type { KeptSearch } from '../search/change-matching';
import { type Kind, keptSearchOf, tagsOfCopy } from './page-cache-copy-tags';
import { ISR_REVALIDATE_SECONDS } from './route-table';

/**
 * The page cache's stores and their freshness rules (page-cache.ts has the overview): where a request's answer is
 * kept (`slotOf`), how long a copy is served, stale while refreshed, and how the stores are bounded.
 */

/**
 * How long an entry is served before Next.js is asked again, when nothing says how old Next's copy is (shared
 * reads, pages rendered per request, an ISR copy of unknown age). Short: it adds at most this much to ISR's 60 s.
 */
export const PAGE_CACHE_SECONDS = 5;

/**
 * A cached (ISR) page whose render time is known (Next.js answered `x-nextjs-cache: MISS`: rendered for this very
 * request, or a HIT after such a MISS or a STALE) is served until Next's own copy would turn stale, ISR's 60 s
 * after that render: going back to Next.js sooner would only get the same bytes again (under the mixed load each
 * article page went back every 5 s). A content change drops the copies it touches at once (their tags), so nothing gets older than it
 * did: at most ISR's 60 s plus PAGE_CACHE_SECONDS and the stale window, as before.
 */
export const ISR_PAGE_CACHE_SECONDS = ISR_REVALIDATE_SECONDS;

/**
 * How long an anonymous search page and a public API read are served before they are asked again: as long as an
 * ISR page (docs/decisions/055). A content change drops the copies it touches at once on every instance (content-changes.ts),
 * so a copy is never older than the content; what the longer life saves is the renders of the same search (under
 * the mixed load, the refreshes of 5 s copies were three renders of four) and, through `X-Accel-Expires`, nginx's
 * refreshes, each of which holds a reader's keep-alive connection until it ends.
 */
export const SHARED_PAGE_CACHE_SECONDS = ISR_REVALIDATE_SECONDS;

/**
 * Past its life an entry is still served for this long while the server asks Next.js for a fresh copy in the
 * background, as Next's own ISR does: no reader waits for a render (under load a search page takes about a second
 * to render) and the requests arriving meanwhile do not all render it again at once.
 */
export const PAGE_CACHE_STALE_SECONDS = 5;

/** A refresh that has not stored its answer after this long (refused, failed) lets a later request start another. */
const REFRESH_TIMEOUT_MS = 3_000;

/** Bounds against many distinct URLs (query strings make new keys): whichever is reached first evicts. */
export const PAGE_CACHE_MAX_ENTRIES = 500;

const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Pages rendered per request get their own, smaller bounds: endless query strings never evict the news pages. */
export const RENDERED_PAGE_CACHE_MAX_ENTRIES = 200;

const RENDERED_PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

export const SHARED_READ_CACHE_MAX_ENTRIES = 500;

const SHARED_READ_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** A page bigger than this is not kept (our pages weigh 100 to 200 KB). */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** Response headers that describe one transfer, not the page: recomputed on every answer. */
const PER_ANSWER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'x-request-id',
  'x-cache',
]);

/**
 * Where an answer came from, on reader pages and public reads of requests without a session: HIT (a fresh copy of
 * the page cache), STALE (a copy past its life, refreshed in the background), MISS (rendered by the app, or taken
 * from Next's ISR copy, and kept), BYPASS (a request the page cache never serves: Next's client navigation, a query
 * it does not keep, a range).
 */
export const ORIGIN_HEADER = 'x-cache';

export type Entry = {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** As Next.js compressed it for the visitor who filled the entry, else compressed on first demand (no nonce). */
  gzip: Buffer | undefined;
  etag: string | undefined;
  expiresAt: number;
  /** When a request went to Next.js for a fresh copy of this expired entry, if one did. */
  refreshingSince: number | undefined;
  /** HTML pages: their nonce and where it sits in the body, rewritten in every answer. */
  nonce?: StoredNonce;
  /** What the copy shows (cache-tags.ts): a content change naming one of them drops it or makes it outdated. */
  tags: readonly string[];
  /** Made stale by a content change: the next request renders the new version itself (`lookup`). */
  outdated?: boolean;
  /** When the change made it outdated: Next's copies answered soon after may predate the change (`store`). */
  outdatedAt?: number;
  /** A search page or suggestion list: what it answered for, which an article change is matched against. */
  search?: KeptSearch;
};

export type StoredNonce = {
  value: string;
  offsets: number[];
  /**
   * The body between the nonce's places, each compressed on its own, with each stretch's CRC-32 and the shift of
   * its length (made on first gzip demand, or in the background when a refresh replaces a copy readers asked in
   * gzip).
   */
  gzipPieces?: GzipPieces;
};

export type GzipPieces = { deflated: Buffer[]; crcs: number[]; shifts: number[] };

type Store = { kind: Kind; entries: LRUCache<string, Entry> };

type State = {
  stores: Record<Kind, Store>;
  /** Per cached page key: when Next.js rendered the copy its ISR cache now holds (or started rendering it). */
  renderedAt: LRUCache<string, number>;
  hits: number;
  stored: number;
  /** Copies a content change marked outdated or dropped, by route label (page_cache_refreshed_total). */
  refreshed: Map<string, number>;
  refreshToken: string;
  /** Pages rendered per request whose render is in progress, by key: resolved when that answer is over. */
  renders: Map<string, Promise<void>>;
};

/**
 * A least-recently-used store (lru-cache) bounded in entries and bytes; an entry is dropped once past its life and
 * its stale window, whichever bound comes first.
 */
function newStore(kind: Kind, max: number, maxSize: number): Store {
  return {
    kind,
    entries: new LRUCache<string, Entry>({
      max,
      maxSize,
      sizeCalculation: (entry) => Math.max(1, entrySize(entry)),
      // Freshness is the entry's own (expiresAt): the time-to-live drops it once its stale window is over too
      // (set per entry when it is stored: an ISR page's life may be longer).
      ttl: (PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS) * 1000 - 1,
      updateAgeOnGet: false,
      ttlAutopurge: false,
      // The entries' own clock (Date), so their life and the store's agree; read on every check, not cached for a
      // millisecond by a timer (lru-cache's default), so a store right after a clock change sees the new time.
      perf: { now: () => Date.now() },
      ttlResolution: 0,
    }),
  };
}

// One per process: Next.js may load this module more than once (instrumentation, route handlers), and a purge
// from any copy must empty the one cache.
export function state(): State {
  return remember<State>('page-cache', () => ({
    stores: {
      cached: newStore('cached', PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_MAX_BYTES),
      rendered: newStore('rendered', RENDERED_PAGE_CACHE_MAX_ENTRIES, RENDERED_PAGE_CACHE_MAX_BYTES),
      reads: newStore('reads', SHARED_READ_CACHE_MAX_ENTRIES, SHARED_READ_CACHE_MAX_BYTES),
    },
    renderedAt: new LRUCache<string, number>({ max: 2 * PAGE_CACHE_MAX_ENTRIES }),
    hits: 0,
    stored: 0,
    refreshed: new Map(),
    refreshToken: randomBytes(16).toString('hex'),
    renders: new Map(),
  }));
}

/** Hits answered and answers stored since the start, and what the stores hold now (for /metrics). */
export function pageCacheStats(): {
  hits: number;
  stores: number;
  refreshedByRoute: ReadonlyMap<string, number>;
  entries: number;
  bytes: number;
} {
  const { hits, stored, refreshed, stores } = state();
  const all = Object.values(stores);
  return {
    hits,
    stores: stored,
    refreshedByRoute: refreshed,
    entries: all.reduce((sum, store) => sum + store.entries.size, 0),
    bytes: all.reduce((sum, store) => sum + store.entries.calculatedSize, 0),
  };
}

export type Slot = { store: Store; key: string };

export function acceptsGzip(request: IncomingMessage): boolean {
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\b)/i.test(accepted);
}

/**
 * The entry to answer with, fresh or stale, and whether this request should start its background refresh;
 * undefined sends the request to Next.js.
 */
export function lookup({ store, key }: Slot, now: number): { entry: Entry; refresh: boolean } | undefined {
  const entry = store.entries.get(key);
  if (!entry) return undefined;
  let refresh = false;
  if (entry.expiresAt <= now) {
    if (entry.expiresAt + PAGE_CACHE_STALE_SECONDS * 1000 <= now) {
      store.entries.delete(key);
      return undefined;
    }
    refresh = entry.refreshingSince === undefined || now - entry.refreshingSince >= REFRESH_TIMEOUT_MS;
    if (refresh) entry.refreshingSince = now;
    // Outdated by a content change: the request that finds it first goes to Next.js and gets the new version, as
    // after a drop; the ones arriving during that render get this copy.
    if (refresh && entry.outdated) return undefined;
  }
  return { entry, refresh };
}

/** True when the slot holds a copy within its life (not stale, not made outdated by a content change). */
export function isFresh({ store, key }: Slot, now: number): boolean {
  const entry = store.entries.peek(key);
  return entry !== undefined && entry.expiresAt > now;
}

function entrySize(entry: Entry): number {
  const pieces = entry.nonce?.gzipPieces?.deflated.reduce((sum, piece) => sum + piece.length, 0) ?? 0;
  return entry.body.length + (entry.gzip?.length ?? 0) + pieces;
}

/** How long nginx may keep an answer (seconds), whatever its Cache-Control says to browsers. */
export const EDGE_CACHE_HEADER = 'x-accel-expires';

/** Records an entry's new size (it grew a compressed form) with its store's byte bound. */
export function resize({ store, key }: Slot, entry: Entry): void {
  if (store.entries.peek(key) === entry) store.entries.set(key, entry, { noUpdateTTL: true });
}

/** The path of a request's URL, without its query. */
export function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

function currentHeaders(response: ServerResponse): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
  }
  return headers;
}

export function newEntry(
  response: ServerResponse,
  body: Buffer,
  { gzip: gzipped, nonce }: { gzip?: Buffer | undefined; nonce?: StoredNonce | undefined },
): Entry {
  const headers = currentHeaders(response);
  const etag = headers.etag;
  return {
    headers,
    body,
    gzip: gzipped,
    etag: typeof etag === 'string' ? etag : undefined,
    expiresAt: Date.now() + PAGE_CACHE_SECONDS * 1000,
    refreshingSince: undefined,
    nonce,
    tags: [EVERYTHING],
  };
}

export function store(
  { store: target, key }: Slot,
  response: ServerResponse,
  body: Buffer,
  options: { gzip?: Buffer | undefined; nonce?: StoredNonce | undefined },
): Entry {
  const entry = newEntry(response, body, options);
  entry.tags = tagsOfCopy(target.kind, key);
  if (response.statusCode === 200) {
    const kept = keptSearchOf(target.kind, key, body);
    if (kept) {
      entry.search = kept.search;
      entry.tags = [...entry.tags, ...tagsOfListedArticles(kept.listed)];
    }
  }
  if (isLongShared({ store: target, key }))
    entry.expiresAt = Date.now() + SHARED_PAGE_CACHE_SECONDS * 1000 + spreadMs();
  else if (target.kind === 'cached') {
    const nextCache = response.getHeader('x-nextjs-cache');
    entry.expiresAt = Date.now() + isrLifeMs(key, nextCache);
    const replaced = target.entries.peek(key);
    if (replaced?.outdatedAt !== undefined && nextCache !== 'MISS' && mayPredateChange(replaced.outdatedAt)) {
      // Next.js applies a change's revalidatePath once the revalidation request's handler has returned, after
      // this cache made the copy outdated: a request in between gets Next's copy from before the change. Kept
      // outdated, the next request asks Next.js again instead of this copy being served for PAGE_CACHE_SECONDS
      // (under the publication bench the new article reached its listing 5 s late).
      entry.expiresAt = Date.now();
      entry.outdated = true;
      entry.outdatedAt = replaced.outdatedAt;
    }
    // However Next.js produced it (rendered now, served stale), what this cache answers is a cached copy.
    entry.headers['x-nextjs-cache'] = 'HIT';
  }
  // A page rendered per request changes with every answer's nonce and is never the same twice: no validator.
  if (target.kind === 'rendered') {
    delete entry.headers.etag;
    entry.etag = undefined;
  }
  // Pages asked once must not stay until the bounds push them out: the dead ones go as new ones come.
  target.entries.purgeStale();
  target.entries.set(key, entry, {
    ttl: Math.max(1, entry.expiresAt - Date.now()) + PAGE_CACHE_STALE_SECONDS * 1000 - 1,
  });
  state().stored += 1;
  return entry;
}

/**
 * True while a copy Next.js served from its ISR cache (HIT, STALE) may still be the one from before a change made
 * at `outdatedAt`: Next's revalidation lands within moments of the change, and past this a copy so answered is
 * accepted as any other (a page whose path Next.js was not asked to refresh stops going back to it).
 */
function mayPredateChange(outdatedAt: number): boolean {
  return Date.now() - outdatedAt < PAGE_CACHE_STALE_SECONDS * 1000;
}

/** True when the copy kept at `slot` was asked in gzip (its compressed pieces were made). */
export function wasAskedInGzip({ store: target, key }: Slot): boolean {
  return target.entries.peek(key)?.nonce?.gzipPieces !== undefined;
}

/** The entries that live SHARED_PAGE_CACHE_SECONDS: the public API reads and the anonymous search pages. */
export function isLongShared({ store: target, key }: Slot): boolean {
  return target.kind === 'reads' || (target.kind === 'rendered' && key.split('?', 1)[0] === PATHS.search);
}

/**
 * How long a cached page just answered by Next.js may be served (ISR_PAGE_CACHE_SECONDS). Next's `x-nextjs-cache`
 * says how old its copy is: MISS, rendered now; STALE, older than ISR's life, and Next renders it again from now
 * on (this copy gets PAGE_CACHE_SECONDS, the next one is the fresh render); HIT, as old as the last render this
 * cache saw, or of unknown age (none seen since the start or the last purge: PAGE_CACHE_SECONDS, as before).
 */
function isrLifeMs(key: string, nextCache: unknown): number {
  const { renderedAt } = state();
  const now = Date.now();
  const shortLife = PAGE_CACHE_SECONDS * 1000;
  if (nextCache === 'MISS' || nextCache === 'STALE') renderedAt.set(key, now);
  if (nextCache === 'STALE') return shortLife;
  const rendered = nextCache === 'MISS' || nextCache === 'HIT' ? renderedAt.get(key) : undefined;
  if (rendered === undefined) return shortLife;
  return Math.max(shortLife, rendered + ISR_PAGE_CACHE_SECONDS * 1000 + spreadMs() - now);
}

/**
 * A random share of PAGE_CACHE_SPREAD_SECONDS added to the life of each long-lived copy (an ISR page of known age,
 * an anonymous search, a public API read), drawn at every store (docs/decisions/058). Without it the copies made
 * together (a cold start, a content change emptying every cache) expired together a minute later, and again every
 * minute: each instance rendered its hundred pages and forty searches in the same few seconds, its event loop
 * busy with them while every other request waited (docs/SCALING.md, 2026-11-27 end of afternoon). Spread, the
 * renders of a minute come one after the other. A content change still drops every copy it touches at once.
 */
function spreadMs(): number {
  return Math.floor(Math.random() * env().PAGE_CACHE_SPREAD_SECONDS * 1000);
}
