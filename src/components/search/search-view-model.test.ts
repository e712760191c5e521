import { describe, expect, it } from 'vitest';
import { facetGroups, hrefOf, sortLinks } from './search-view-model';

const emptyFacets = {
  date_zapette: [],
  type_document: [],
  matiere: [
    { id: 'Fiscal', label: 'Fiscal', count: 3 },
    { id: 'Social', label: 'Social', count: 2 },
  ],
  abonnement: [],
  metier: [],
  theme_quot_zapette: [],
};

const query = (href: string) => new URL(href, 'http://x').searchParams;

describe('the sort links and the facet links keep each other', () => {
  it('keeps the facets and goes back to page 1 when the order changes', () => {
    const location = { term: 'tva', urType: 'tous', selected: { matiere: ['Fiscal'] }, page: 3 };
    const [relevance, date] = sortLinks(location);
    expect(relevance?.current).toBe(true);
    expect(date?.current).toBe(false);
    const byDate = query(date?.href ?? '');
    expect(byDate.get('tri')).toBe('date');
    expect(byDate.get('page')).toBeNull();
    expect(JSON.parse(byDate.get('zapette') ?? '')).toEqual({ matiere: ['Fiscal'] });
  });

  it('keeps the order when a facet is toggled or a page is chosen', () => {
    const location = { term: 'tva', urType: 'tous', selected: {}, page: 1, sort: 'date' as const };
    const subjects = facetGroups(location, emptyFacets).find((group) => group.name === 'matiere');
    const social = query(subjects?.entries.find((entry) => entry.id === 'Social')?.href ?? '');
    expect(social.get('tri')).toBe('date');
    expect(query(hrefOf({ ...location, page: 2 })).get('tri')).toBe('date');
  });

  it('adds a second value of a multi-choice facet instead of replacing the first', () => {
    const location = { term: 'tva', urType: 'tous', selected: { matiere: ['Fiscal'] }, page: 1 };
    const subjects = facetGroups(location, emptyFacets).find((group) => group.name === 'matiere');
    const social = query(subjects?.entries.find((entry) => entry.id === 'Social')?.href ?? '');
    expect(JSON.parse(social.get('zapette') ?? '')).toEqual({ matiere: ['Fiscal', 'Social'] });
  });
});
