import 'server-only';
import { findSessionCustomer, readCookie, SESSION_COOKIE, sessionTokenFrom } from '../accounts/sessions';
import type { Db } from '../db/client';
import { env } from '../env';
import { AppError } from '../http/errors';
import { clientAddress, consumeRateLimit, type RateLimitState } from '../http/rate-limit';
import { type SlotRelease, takeSearchSlot } from './search-slots';
import type { SearchReader } from './types';

/**
 * Who may search, and as whom: the per-address search rate limit (pages and API together, one counter in the
 * database so it holds across instances) and the reader's access (a live session reads everything, anyone else
 * what the paywall shows).
 */

export const SEARCH_RATE_LIMIT_MESSAGE =
  'Trop de recherches en peu de temps, merci de réessayer dans un instant.';

export const SEARCH_BUSY_MESSAGE =
  'La recherche est très sollicitée en ce moment, merci de réessayer dans un instant.';

/** A search not started when this process stops (it answers those it has started, and nothing new). */
export const SEARCH_STOPPING_MESSAGE =
  'Le service redémarre, merci de relancer votre recherche dans un instant.';
/** Seconds a search refused by a stopping process is asked to wait (the other instance, or this one restarted). */
export const SEARCH_STOPPING_RETRY_AFTER_SECONDS = 1;

/** Searches that may wait for a slot in this process; past them a search is refused (503). */
export const SEARCH_QUEUE_MAX = 32;
/** Seconds a refused search is asked to wait (the queue drains in about that long). */
export const SEARCH_BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * A slot for one search in this process (search-slots.ts: SEARCH_CONCURRENCY at once, SEARCH_QUEUE_MAX waiting),
 * resolving with its release, or with null when the process stops before the search started; null when the queue
 * is full.
 */
export function searchSlot(): Promise<SlotRelease | null> | null {
  return takeSearchSlot({ limit: env().SEARCH_CONCURRENCY, queue: SEARCH_QUEUE_MAX });
}

/**
 * Runs an API search in a slot; with the queue full, or the process stopping before the search could start, 503
 * with Retry-After. The slot is held for the search only: the API's answer is JSON, cheap to send.
 */
export async function inSearchSlot<T>(run: () => Promise<T>): Promise<T> {
  const slot = searchSlot();
  if (!slot) {
    throw new AppError('unavailable', SEARCH_BUSY_MESSAGE, undefined, SEARCH_BUSY_RETRY_AFTER_SECONDS);
  }
  const release = await slot;
  if (!release) {
    throw new AppError(
      'unavailable',
      SEARCH_STOPPING_MESSAGE,
      undefined,
      SEARCH_STOPPING_RETRY_AFTER_SECONDS,
    );
  }
  try {
    return await run();
  } finally {
    release();
  }
}

/** One search of `address` counted against SEARCH_RATE_LIMIT_PER_MINUTE. */
export function consumeSearchRateLimit(db: Db, address: string): Promise<RateLimitState> {
  return consumeRateLimit(
    db,
    { name: 'search:ip', limit: env().SEARCH_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
    address,
  );
}

/**
 * The reader of an API search: counted against the rate limit (over it: 429 with Retry-After), with access when
 * the request carries a live session (cookie or Bearer token).
 */
export async function admitApiSearch(db: Db, request: Request): Promise<SearchReader> {
  const address = clientAddress(request);
  const state = await consumeSearchRateLimit(db, address);
  if (!state.allowed) {
    throw new AppError('rate_limited', SEARCH_RATE_LIMIT_MESSAGE, undefined, state.retryAfterSeconds);
  }
  return { hasAccess: await hasLiveSession(db, sessionTokenFrom(request)), client: address };
}

/**
 * The reader of the /search page from its cookie header and address (the server's HTTP hook counted the rate
 * limit before Next.js rendered it).
 */
export async function pageReader(
  db: Db,
  cookieHeader: string | null,
  address: string,
): Promise<SearchReader> {
  return { hasAccess: await hasLiveSession(db, readCookie(cookieHeader, SESSION_COOKIE)), client: address };
}

async function hasLiveSession(db: Db, token: string | null): Promise<boolean> {
  return token !== null && (await findSessionCustomer(db, token)) !== null;
}
