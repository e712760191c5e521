import { describe, expect, it } from 'vitest';
import { canonicalArchivePath, normaliseArchiveParams } from './archive-params';

const NOW = new Date('2026-11-21T10:00:00Z');
const path = (...segments: string[]) => canonicalArchivePath(normaliseArchiveParams(segments, NOW));

describe('archive parameters', () => {
  it('keeps valid values and writes the canonical forms', () => {
    expect(path('2024', '03')).toBe('/archives/2024/03');
    expect(path('2024', '03', '2')).toBe('/archives/2024/03/2');
    expect(path('2024', 'mars', '1')).toBe('/archives/2024/03');
    expect(path('2024', '3')).toBe('/archives/2024/03');
  });

  it('opens on the current month without a year', () => {
    expect(path()).toBe('/archives/2026/11');
  });

  it('normalises invalid values instead of failing', () => {
    // Invalid month: January; invalid page (0, over 49, not a number): 1; invalid year: this year.
    expect(path('2024', '13')).toBe('/archives/2024/01');
    expect(path('2024', 'xyz', '50')).toBe('/archives/2024/01');
    expect(path('2024', '05', '0')).toBe('/archives/2024/05');
    expect(path('abcd', '05')).toBe('/archives/2026/05');
    expect(path('2024')).toBe('/archives/2024/01');
  });

  it('keeps years between 2015 and this year, and months up to the current one this year', () => {
    expect(path('1999', '06')).toBe('/archives/2015/06');
    expect(path('2031', '02')).toBe('/archives/2026/02');
    // One rule for every year out of the archive, before 1970 too: the nearest year of it.
    expect(path('1969', '01')).toBe('/archives/2015/01');
    expect(path('2014')).toBe('/archives/2015/01');
    expect(path('2027', '01')).toBe('/archives/2026/01');
    expect(path('2026', '12')).toBe('/archives/2026/11');
  });
});
