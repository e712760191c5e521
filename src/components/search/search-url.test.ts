import { describe, expect, it } from 'vitest';
import { searchHref } from './search-url';

describe('searchHref', () => {
  it('carries term, urType, facets as JSON in zapette and the page past the first', () => {
    const href = searchHref(
      { term: 'impôt', urType: 'abonnes', selected: { matiere: ['Fiscal'] }, page: 3 },
      'tous',
    );
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('term')).toBe('impôt');
    expect(url.searchParams.get('urType')).toBe('abonnes');
    expect(JSON.parse(url.searchParams.get('zapette') ?? '')).toEqual({ matiere: ['Fiscal'] });
    expect(url.searchParams.get('page')).toBe('3');
  });

  it('leaves out the default collections, an empty selection and the first page', () => {
    expect(searchHref({ term: 'tva', urType: 'tous', selected: {}, page: 1 }, 'tous')).toBe(
      '/search?term=tva',
    );
  });
});

describe('sorting in the URL', () => {
  it('carries tri=date and leaves out relevance, the default', () => {
    const location = { term: 'tva', urType: 'tous', selected: { matiere: ['Fiscal'] }, page: 2 };
    const byDate = new URL(searchHref({ ...location, sort: 'date' }, 'tous'), 'http://x');
    expect(byDate.searchParams.get('tri')).toBe('date');
    expect(byDate.searchParams.get('page')).toBe('2');
    expect(searchHref({ ...location, sort: 'pertinence' }, 'tous')).not.toContain('tri=');
  });
});
