import { describe, expect, test } from 'vitest';
import { publishedToday } from './workflow-actions';

describe('the « mis à jour le » mark', () => {
  test('is not offered on the day of publication in Paris, when the page would not show it', () => {
    const now = new Date('2026-12-02T22:30:00Z'); // 23:30 in Paris, 2 December
    expect(publishedToday('2026-12-02T06:00:00Z', now)).toBe(true);
    expect(publishedToday('2026-12-01T22:59:00Z', now)).toBe(false); // 23:59 in Paris on the 1st
    expect(publishedToday(null, now)).toBe(false);
  });
});
