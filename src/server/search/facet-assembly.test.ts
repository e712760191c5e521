import { describe, expect, it } from 'vitest';
import { buildFacets, facetCounts } from './facet-assembly';

describe('facet counts', () => {
  it('counts each value per candidate holding it, a job once per document with any of its codes', () => {
    const counts = facetCounts({
      months: [202611, 202611, 202510, null],
      types: ['revue', 'revue', 'actualite'],
      matieres: [['Fiscal', 'Social'], ['Fiscal'], null, []],
      themes: [['TVA'], ['TVA', 'TVA']],
      // Two documents: MFI and MSO both read by job DRH (counted once a document), MSO by PAT too; a code without
      // a product (MEM1) is
      // labelled from the memento codes, one with neither keeps no label.
      subscriptions: [
        ['MFI', 'MSO'],
        ['MSO', 'MEM1', 'XX'],
      ],
      products: [
        ['MFI', 'Mémento fiscal', ['DRH']],
        ['MSO', 'Mémento social', ['DRH', 'PAT']],
        ['SOLO', 'Sans métier', null],
      ],
      mementos: [['MEM1', 'Bulletin un']],
      jobs: [['DRH', 'Ressources humaines']],
    });
    const sorted = <T extends { key: string }>(entries: T[]) =>
      [...entries].sort((a, b) => a.key.localeCompare(b.key));
    expect(sorted(counts.dates)).toEqual([
      { key: '2025/10', label: null, count: 1 },
      { key: '2026/11', label: null, count: 2 },
    ]);
    expect(sorted(counts.types)).toEqual([
      { key: 'actualite', label: null, count: 1 },
      { key: 'revue', label: null, count: 2 },
    ]);
    expect(sorted(counts.matieres)).toEqual([
      { key: 'Fiscal', label: null, count: 2 },
      { key: 'Social', label: null, count: 1 },
    ]);
    // A value repeated in one candidate's array counts each time (as an unnest did).
    expect(counts.themes).toEqual([{ key: 'TVA', label: null, count: 3 }]);
    expect(sorted(counts.abonnements)).toEqual([
      { key: 'MEM1', label: 'Bulletin un', count: 1 },
      { key: 'MFI', label: 'Mémento fiscal', count: 1 },
      { key: 'MSO', label: 'Mémento social', count: 2 },
      { key: 'XX', label: null, count: 1 },
    ]);
    expect(sorted(counts.metiers)).toEqual([
      { key: 'DRH', label: 'Ressources humaines', count: 2 },
      { key: 'PAT', label: null, count: 2 },
    ]);
  });

  it('counts only the facets asked, none without values', () => {
    const counts = facetCounts({ subscriptions: [['MFI']], products: null, jobs: null });
    expect(counts.metiers).toEqual([]);
    expect(counts.abonnements).toEqual([]);
    expect(facetCounts(null).dates).toEqual([]);
    expect(facetCounts({ months: null, themes: null }).themes).toEqual([]);
  });

  it('orders entries by count, then label, then id', () => {
    const facets = buildFacets({
      ...facetCounts(null),
      abonnements: [
        { key: 'B2', label: 'Même libellé', count: 1 },
        { key: 'A1', label: 'Même libellé', count: 1 },
        { key: 'C3', label: 'Autre', count: 2 },
      ],
    });
    expect(facets.abonnement.map((entry) => entry.id)).toEqual(['C3', 'A1', 'B2']);
  });
});
