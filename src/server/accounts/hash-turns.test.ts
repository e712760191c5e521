import { describe, expect, it } from 'vitest';
import { hashTurnStats, inHashTurn } from './hash-turns';

/** A piece of work that ends when told to, noting when it started. */
function gate(name: string, started: string[]) {
  let end: (value: string) => void = () => {};
  const done = new Promise<string>((resolve) => {
    end = resolve;
  });
  return {
    work: () => {
      started.push(name);
      return done;
    },
    end: () => end(name),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('inHashTurn', () => {
  it('runs `limit` hashes at once and the next ones in the order they came', async () => {
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(name, started)) as [
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
    ];
    const results = [a, b, c, d].map((entry) => inHashTurn(2, entry.work));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(hashTurnStats()).toEqual({ running: 2, waiting: 2 });
    b.end();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    a.end();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c.end();
    d.end();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(hashTurnStats()).toEqual({ running: 0, waiting: 0 });
  });

  it('hands the turn on when a hash fails', async () => {
    const failing = inHashTurn(1, () => Promise.reject(new Error('échec')));
    const next = inHashTurn(1, () => Promise.resolve('suivant'));
    await expect(failing).rejects.toThrow('échec');
    expect(await next).toBe('suivant');
    expect(hashTurnStats()).toEqual({ running: 0, waiting: 0 });
  });
});
