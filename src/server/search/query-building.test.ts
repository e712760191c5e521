import { describe, expect, it } from 'vitest';
import { monthsBetween } from './cost-planning';
import { monthsQuery } from './query-building';

describe('window months', () => {
  it('lists the months from the bound to the newest row, within the selected years and months', () => {
    expect(monthsBetween('202511', '202602', [])).toEqual(['202511', '202512', '202601', '202602']);
    expect(monthsBetween('202511', '202602', ['2026'])).toEqual(['202601', '202602']);
    expect(monthsBetween('202511', '202602', ['202512', '2024'])).toEqual(['202512']);
    expect(monthsBetween('202603', '202602', [])).toEqual([]);
  });

  it('asks the facet index for whole years as one lexeme, other months one by one, nothing as no lexeme', () => {
    expect(monthsQuery(monthsBetween('202411', '202602', []))).toBe(
      "('#d202411' | '#d202412' | '#y2025' | '#d202601' | '#d202602')",
    );
    expect(monthsQuery([])).toBe("'#d'");
  });
});
