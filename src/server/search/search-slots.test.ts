import { afterEach, describe, expect, it } from 'vitest';
import { handOverWaitingSearches, searchSlotStats, takeSearchSlot } from './search-slots';

const held: (() => void)[] = [];

afterEach(() => {
  for (const release of held.splice(0)) release();
  expect(searchSlotStats()).toEqual({ running: 0, waiting: 0 });
});

/** Resolves once pending promise callbacks have run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('search slots', () => {
  it('lets `limit` searches run at once and the next ones wait their turn, in order', async () => {
    const rule = { limit: 2, queue: 5 };
    for (const slot of [takeSearchSlot(rule), takeSearchSlot(rule)]) {
      const release = await slot;
      if (release) held.push(release);
    }
    expect(searchSlotStats()).toEqual({ running: 2, waiting: 0 });
    const started: string[] = [];
    const third = takeSearchSlot(rule)?.then((release) => {
      started.push('third');
      return release;
    });
    const fourth = takeSearchSlot(rule)?.then((release) => {
      started.push('fourth');
      return release;
    });
    await settle();
    expect(started).toEqual([]);
    expect(searchSlotStats()).toEqual({ running: 2, waiting: 2 });
    held.shift()?.();
    await settle();
    expect(started).toEqual(['third']);
    held.shift()?.();
    await settle();
    expect(started).toEqual(['third', 'fourth']);
    held.push(...(await Promise.all([third, fourth])).filter((release) => typeof release === 'function'));
    expect(searchSlotStats()).toEqual({ running: 2, waiting: 0 });
  });

  it('refuses a search when the queue is full, and a release counts once', async () => {
    const rule = { limit: 1, queue: 1 };
    const first = await takeSearchSlot(rule);
    const waiting = takeSearchSlot(rule);
    expect(waiting).not.toBeNull();
    expect(takeSearchSlot(rule)).toBeNull();
    first?.();
    first?.();
    const second = await waiting;
    expect(searchSlotStats()).toEqual({ running: 1, waiting: 0 });
    if (second) held.push(second);
  });

  // Last: the hand-over lasts to the end of the process, as the stop it is made for.
  it('on a stop, hands the waiting searches over at once and keeps the running ones to their end', async () => {
    const rule = { limit: 1, queue: 5 };
    const running = await takeSearchSlot(rule);
    const waiting = [takeSearchSlot(rule), takeSearchSlot(rule)];
    expect(searchSlotStats()).toEqual({ running: 1, waiting: 2 });
    expect(handOverWaitingSearches()).toBe(2);
    expect(await Promise.all(waiting)).toEqual([null, null]);
    expect(searchSlotStats()).toEqual({ running: 1, waiting: 0 });
    // A search arriving during the stop does not wait either; a free slot is still used.
    expect(await takeSearchSlot(rule)).toBeNull();
    running?.();
    const late = await takeSearchSlot(rule);
    expect(late).toBeTypeOf('function');
    if (late) held.push(late);
  });
});
