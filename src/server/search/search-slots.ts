import 'server-only';
import { remember } from '../lib/remember';

/**
 * Searches in progress in this process, at most `limit` at once; the others wait their turn in order, up to
 * `queue` of them (docs/SEARCH.md "Liveness (2026-11-27)").
 *
 * A search page costs tens of milliseconds of this thread (the engine's statements on PGlite, then the page's
 * render and compression). Four clients searching in a loop kept four of them in progress: every other request,
 * the health probe included, waited behind the pieces of all four. With one or two at a time, the rest of the
 * site waits behind those only; searches wait for each other instead. Past the queue the search is refused at
 * once (503 with Retry-After) rather than held: a client that cannot be served within a few seconds is better
 * told so.
 */

export type SearchSlots = { limit: number; queue: number };

/** A search's slot once it has one: call it once the answer is sent. */
export type SlotRelease = () => void;

type State = {
  running: number;
  waiting: ((release: SlotRelease | null) => void)[];
  /** True once the process stops: no search waits any more (`handOverWaitingSearches`). */
  handingOver: boolean;
};

function state(): State {
  // On globalThis: the HTTP hook and the API routes are in different bundles and must count the same searches.
  return remember<State>('search-slots', () => ({ running: 0, waiting: [], handingOver: false }));
}

/**
 * A slot for one search: resolves with its release when one is free, at once or after the searches ahead in the
 * queue; null when the queue is full (the search should be refused). Resolves with null instead of a release when
 * the search was handed over: the process stops and the search had not started (it should be answered elsewhere).
 */
export function takeSearchSlot({ limit, queue }: SearchSlots): Promise<SlotRelease | null> | null {
  const current = state();
  if (current.running < limit) {
    current.running += 1;
    return Promise.resolve(releaser(current));
  }
  if (current.handingOver) return Promise.resolve(null);
  if (current.waiting.length >= queue) return null;
  return new Promise((resolve) => {
    current.waiting.push(resolve);
  });
}

/**
 * On a stop: every search still waiting for a slot gets null at once (none of its answer is written yet), and so
 * does every later one that finds no free slot; the searches in progress keep theirs to the end. Waiting behind
 * them, the last of a full queue outlasted the stop's grace and was cut (docs/decisions/046). Returns how many
 * were waiting.
 */
export function handOverWaitingSearches(): number {
  const current = state();
  current.handingOver = true;
  const waiting = current.waiting.splice(0);
  for (const resolve of waiting) resolve(null);
  return waiting.length;
}

/** The release of a slot: the next waiting search takes it over, else it is freed. Calling it again does nothing. */
function releaser(current: State): SlotRelease {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = current.waiting.shift();
    if (next) next(releaser(current));
    else current.running -= 1;
  };
}

/** Searches in progress and waiting (for the metrics and the tests). */
export function searchSlotStats(): { running: number; waiting: number } {
  const { running, waiting } = state();
  return { running, waiting: waiting.length };
}
