import 'server-only';
import { sql } from 'drizzle-orm';
import { QUERY_PARAM } from '@/lib/constants';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { PAGE_CACHE_STALE_SECONDS, SHARED_PAGE_CACHE_SECONDS } from '../http/page-cache-store';
import { remember } from '../lib/remember';
import { logger } from '../log';
import { toSearchParams } from './params';
import { clientKey, syncFrequentSuggestions } from './suggestion-rules';

/**
 * The count of each search behind the "frequent searches" of the suggestions (table search_queries).
 *
 * Writing one row per search made every search page wait for a write and its commit, and the popular terms' rows
 * were updated by many requests at once, each waiting for the previous one's lock (docs/SCALING.md). The server
 * therefore adds searches up in memory and writes them in one statement every `FLUSH_SECONDS`, and at a graceful
 * stop. A crash loses at most those seconds of counts: statistics, not readers' data. Code run outside the server
 * (tests, scripts) writes each search at once.
 *
 * A search page answered by the page cache (src/server/http/page-cache.ts) never reaches `search()`: the server's
 * HTTP hook counts it here, when the same search was counted (found something) within RECENT_SECONDS.
 */

const FLUSH_SECONDS = 5;
/** Distinct terms held before a write is started early (a burst of random searches stays bounded). */
const MAX_PENDING_TERMS = 1000;
/** Distinct clients held per term between two writes: more than the suggestion rule ever needs. */
const MAX_PENDING_CLIENTS = 100;

/** A term's searches since the last write, and the clients (hashed addresses) who made them. */
type Pending = { hits: number; clients: Set<string> };
/** As long as the page cache answers a search page (its life, then its stale window): every hit on it is counted. */
const RECENT_SECONDS = SHARED_PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS;

type State = {
  batching: { db: () => Promise<Db> } | undefined;
  pending: Map<string, Pending>;
  /** Terms counted lately, with the time until which their cached pages are counted too. */
  recent: Map<string, number>;
  timer: NodeJS.Timeout | undefined;
};

// On globalThis: Next.js may load this module once per bundle, and the stop must flush every copy's counts.

function state(): State {
  return remember<State>('search-query-counts', () => ({
    batching: undefined,
    pending: new Map(),
    recent: new Map(),
    timer: undefined,
  }));
}

/** Turns batching on (the server, src/instrumentation.ts), with the database the writes go to. */
export function batchSearchCounts(db: () => Promise<Db>): void {
  state().batching = { db };
}

/**
 * Counts one search of `term` by the client at `address` (the suggestions count distinct clients): written now
 * outside the server, within FLUSH_SECONDS in it.
 */
export async function countSearch(db: Db, term: string, address?: string): Promise<void> {
  const current = state();
  const client = clientKey(address);
  if (!current.batching) {
    await writeCounts(db, new Map([[term, { hits: 1, clients: new Set(client ? [client] : []) }]]));
    return;
  }
  current.recent.set(term, Date.now() + RECENT_SECONDS * 1000);
  addPending(current, term, client);
}

function addPending(current: State, term: string, client: string | null): void {
  const pending = current.pending.get(term) ?? { hits: 0, clients: new Set<string>() };
  pending.hits += 1;
  if (client && pending.clients.size < MAX_PENDING_CLIENTS) pending.clients.add(client);
  current.pending.set(term, pending);
  if (current.pending.size >= MAX_PENDING_TERMS) void flushSearchCounts();
  else current.timer ??= setTimeout(() => void flushSearchCounts(), FLUSH_SECONDS * 1000).unref();
}

/**
 * Counts a search page the page cache answered (`url` as requested), like `search()` would have: the first page
 * of a term whose search was counted lately, so found something.
 */
export function countCachedSearch(url: string, address?: string): void {
  const current = state();
  if (!current.batching) return;
  const query = new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
  const params = toSearchParams({
    term: query.get(QUERY_PARAM.term) ?? undefined,
    terme: query.get(QUERY_PARAM.prerenderTerm) ?? undefined,
    page: query.get(QUERY_PARAM.page) ?? undefined,
  });
  const term = params.term.trim();
  if (params.page === 1 && (current.recent.get(term) ?? 0) > Date.now())
    addPending(current, term, clientKey(address));
}

/** Writes the counts held in memory (the timer, a full batch, or the graceful stop). Never throws. */
export async function flushSearchCounts(): Promise<void> {
  const current = state();
  clearTimeout(current.timer);
  current.timer = undefined;
  if (!current.batching || current.pending.size === 0) return;
  const counts = current.pending;
  current.pending = new Map();
  const now = Date.now();
  for (const [term, until] of current.recent) if (until <= now) current.recent.delete(term);
  try {
    await writeCounts(await current.batching.db(), counts);
  } catch (error) {
    logger.warn({ err: error, terms: counts.size }, 'Comptage des recherches non enregistré');
  }
}

/**
 * One statement for all the terms and their clients. Terms that normalise alike are added together first (one row
 * may be updated only once per statement); the row keeps the most searched spelling. Then the suggestions follow
 * the rule for these terms (suggestion-rules.ts).
 */
async function writeCounts(db: Db, counts: Map<string, Pending>): Promise<void> {
  const terms = [...counts.keys()];
  const hits = [...counts.values()].map((pending) => pending.hits);
  const pairs = [...counts].flatMap(([term, pending]) =>
    [...pending.clients].map((client) => [term, client]),
  );
  const [normalized] = await queryRows<{ terms: string[] }>(
    db,
    sql`with counted as (
      insert into search_queries (normalized, term, hits)
      select search_normalize(t.term), (array_agg(t.term order by t.hits desc))[1], sum(t.hits)::int
      from unnest(${sql.param(terms)}::text[], ${sql.param(hits)}::int[]) as t(term, hits)
      group by 1
      on conflict (normalized) do update
        set hits = search_queries.hits + excluded.hits, term = excluded.term, last_searched_at = now()
      returning normalized
    ),
    clients as (
      insert into search_query_clients (normalized, client)
      select distinct search_normalize(p.term), p.client
      from unnest(${sql.param(pairs.map(([term]) => term))}::text[], ${sql.param(pairs.map(([, client]) => client))}::text[]) as p(term, client)
      on conflict (normalized, client) do update set last_searched_at = now()
    )
    select coalesce(array_agg(normalized), '{}') as terms from counted`,
  );
  await syncFrequentSuggestions(db, normalized?.terms ?? []);
}
