import { describe, expect, it, vi } from 'vitest';
import { remember, rememberBox } from './remember';

describe('remember', () => {
  it('makes the value once per process and hands every caller that one', () => {
    const create = vi.fn(() => new Map<string, number>());
    const first = remember('test.remember.once', create);
    first.set('a', 1);
    expect(remember('test.remember.once', create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('is shared with a second copy of a module, through the global symbol registry', async () => {
    const value = remember('test.remember.copies', () => ({ count: 0 }));
    vi.resetModules();
    const copy = await import('./remember');
    expect(copy.remember('test.remember.copies', () => ({ count: 99 }))).toBe(value);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('quotidienne.test.remember.copies')]).toBe(
      value,
    );
  });

  it('keeps a replaced value in its box', () => {
    rememberBox<string | undefined>('test.remember.box', undefined).value = 'jeton';
    expect(rememberBox<string | undefined>('test.remember.box', undefined).value).toBe('jeton');
  });
});
