import { describe, expect, it } from 'vitest';
import { parisMidnight } from './paris-time';

describe('parisMidnight', () => {
  it('is 23:00 UTC the day before in winter and 22:00 in summer', () => {
    expect(parisMidnight(2024, 1, 15).toISOString()).toBe('2024-01-14T23:00:00.000Z');
    expect(parisMidnight(2024, 7, 14).toISOString()).toBe('2024-07-13T22:00:00.000Z');
  });

  it('is exact on both sides of the clock changes, which happen at night, not at midnight', () => {
    // Summer time starts on 2024-03-31 at 02:00; winter time comes back on 2024-10-27 at 03:00.
    expect(parisMidnight(2024, 3, 31).toISOString()).toBe('2024-03-30T23:00:00.000Z');
    expect(parisMidnight(2024, 4, 1).toISOString()).toBe('2024-03-31T22:00:00.000Z');
    expect(parisMidnight(2024, 10, 27).toISOString()).toBe('2024-10-26T22:00:00.000Z');
    expect(parisMidnight(2024, 10, 28).toISOString()).toBe('2024-10-27T23:00:00.000Z');
  });

  it('defaults to the first of the month and rolls months and days over', () => {
    expect(parisMidnight(2024, 3).toISOString()).toBe('2024-02-29T23:00:00.000Z');
    expect(parisMidnight(2024, 13).toISOString()).toBe('2024-12-31T23:00:00.000Z');
    expect(parisMidnight(2024, 2, 30).toISOString()).toBe('2024-02-29T23:00:00.000Z');
  });
});
