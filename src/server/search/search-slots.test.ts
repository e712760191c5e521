import { afterEach, describe, expect, it } from 'vitest';
import { searchSlotStats, takeSearchSlot } from './search-slots';

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
    for (const slot of [takeSearchSlot(rule), takeSearchSlot(rule)])
      held.push(await (slot ?? Promise.reject()));
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
    held.push(...(await Promise.all([third, fourth])).filter((release) => release !== undefined));
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
});
