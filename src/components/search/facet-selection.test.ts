import { describe, expect, it } from 'vitest';
import { toggleFacet } from './facet-selection';

describe('toggleFacet', () => {
  it('adds and removes values of a multiple-choice facet', () => {
    const one = toggleFacet({}, 'matiere', 'Fiscal');
    expect(one).toEqual({ matiere: ['Fiscal'] });
    const two = toggleFacet(one, 'matiere', 'Social');
    expect(two).toEqual({ matiere: ['Fiscal', 'Social'] });
    expect(toggleFacet(two, 'matiere', 'Fiscal')).toEqual({ matiere: ['Social'] });
    expect(toggleFacet({ matiere: ['Social'] }, 'matiere', 'Social')).toEqual({});
  });

  it('keeps metier to a single choice', () => {
    const first = toggleFacet({ matiere: ['Fiscal'] }, 'metier', 'DRH');
    expect(first).toEqual({ matiere: ['Fiscal'], metier: ['DRH'] });
    expect(toggleFacet(first, 'metier', 'notaire')).toEqual({ matiere: ['Fiscal'], metier: ['notaire'] });
    expect(toggleFacet(first, 'metier', 'DRH')).toEqual({ matiere: ['Fiscal'] });
  });

  it('selects a whole year, dropping its months', () => {
    expect(toggleFacet({ date_zapette: ['2024/03', '2023/01'] }, 'date_zapette', '2024')).toEqual({
      date_zapette: ['2023/01', '2024'],
    });
  });

  it('removes the whole-year entry when a month of that year is chosen', () => {
    expect(toggleFacet({ date_zapette: ['2024', '2023'] }, 'date_zapette', '2024/05')).toEqual({
      date_zapette: ['2023', '2024/05'],
    });
  });

  it('collapses all twelve months of a year to the year', () => {
    let selected = {};
    for (let month = 1; month <= 11; month += 1) {
      selected = toggleFacet(selected, 'date_zapette', `2024/${String(month).padStart(2, '0')}`);
    }
    expect((selected as { date_zapette: string[] }).date_zapette).toHaveLength(11);
    expect(toggleFacet(selected, 'date_zapette', '2024/12')).toEqual({ date_zapette: ['2024'] });
  });

  it('unselects a month', () => {
    expect(toggleFacet({ date_zapette: ['2024/05', '2024/06'] }, 'date_zapette', '2024/05')).toEqual({
      date_zapette: ['2024/06'],
    });
  });
});
