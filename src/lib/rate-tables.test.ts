import { describe, expect, it } from 'vitest';
import { diffVersions, formatRateCell, latestVersion, rowSeries, versionAt } from './rate-tables';

const versions = [
  {
    effectiveFrom: '2024-01-01',
    rows: [
      ['Horaire', 11.65],
      ['Mensuel', 1766.92],
    ],
  },
  {
    effectiveFrom: '2024-11-01',
    rows: [
      ['Horaire', 11.88],
      ['Mensuel', 1801.8],
    ],
  },
  {
    effectiveFrom: '2026-01-01',
    rows: [
      ['Horaire', 12.02],
      ['Annuel', 21_876],
    ],
  },
];
const columns = [
  { key: 'montant', label: 'Montant' },
  { key: 'valeur', label: 'Valeur', unit: '€' },
];

describe('valeur au', () => {
  it('takes the latest version effective on or before the day', () => {
    expect(versionAt(versions, '2023-12-31')).toBeUndefined();
    expect(versionAt(versions, '2024-01-01')?.effectiveFrom).toBe('2024-01-01');
    expect(versionAt(versions, '2024-10-31')?.effectiveFrom).toBe('2024-01-01');
    expect(versionAt(versions, '2025-06-15')?.effectiveFrom).toBe('2024-11-01');
    expect(versionAt([...versions].reverse(), '2030-01-01')?.effectiveFrom).toBe('2026-01-01');
    expect(latestVersion(versions)?.effectiveFrom).toBe('2026-01-01');
  });
});

describe('a row across versions', () => {
  it('follows the row by its name, leaving out versions without it', () => {
    expect(rowSeries(versions, 'Mensuel', 1)).toEqual([
      { effectiveFrom: '2024-01-01', value: 1766.92 },
      { effectiveFrom: '2024-11-01', value: 1801.8 },
    ]);
  });
});

describe('differences between versions', () => {
  it('names changed, added and removed rows with their cells', () => {
    expect(diffVersions(columns, versions[1], versions[2] as (typeof versions)[number])).toEqual([
      { label: 'Horaire', kind: 'changed', cells: [{ column: 'Valeur', before: 11.88, after: 12.02 }] },
      { label: 'Annuel', kind: 'added', cells: [{ column: 'Valeur', before: null, after: 21_876 }] },
      { label: 'Mensuel', kind: 'removed', cells: [{ column: 'Valeur', before: 1801.8, after: null }] },
    ]);
    expect(diffVersions(columns, undefined, versions[0] as (typeof versions)[number])).toEqual([]);
  });
});

describe('cells as readers see them', () => {
  it('writes French numbers with their unit and a dash for nothing', () => {
    expect(formatRateCell(47_100, '€')).toBe('47\u00a0100\u00a0€');
    expect(formatRateCell(5.5, '%')).toBe('5,5\u00a0%');
    expect(formatRateCell(null, '€')).toBe('–');
    expect(formatRateCell('Taux normal')).toBe('Taux normal');
  });
});
