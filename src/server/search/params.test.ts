import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_WORDS,
  SEARCH_TERM_MAX,
  searchedTerm,
  searchedTextLocation,
  toSearchParams,
} from './params';

const words = (count: number, prefix = 'mot') =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`).join(' ');

describe('the text a search reads', () => {
  it('keeps the first 12 words, single-spaced, of the first 200 characters', () => {
    expect(searchedTerm('  impôt   sur\tle revenu ')).toBe('impôt sur le revenu');
    expect(searchedTerm(words(30)).split(' ')).toHaveLength(MAX_QUERY_WORDS);
    expect(searchedTerm(words(30))).toBe(words(12));
    const long = 'x'.repeat(SEARCH_TERM_MAX + 50);
    expect(searchedTerm(long)).toHaveLength(SEARCH_TERM_MAX);
  });

  it('is what the page parameters give the engine, and reading it again changes nothing', () => {
    const text = words(30, 'zorglub');
    const once = searchedTerm(toSearchParams({ term: text }).term);
    expect(once).toBe(words(12, 'zorglub'));
    expect(searchedTerm(once)).toBe(once);
  });
});

describe('the URL of a text longer than a search reads', () => {
  it('is the same URL with the text searched, the other parameters kept in place', () => {
    const text = words(30, 'zorglub');
    const location = searchedTextLocation(
      `/search?term=${encodeURIComponent(text)}&urType=tous&tri=date&page=2`,
    );
    expect(location).not.toBeNull();
    const url = new URL(location ?? '', 'http://localhost');
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('term')).toBe(words(12, 'zorglub'));
    expect([...url.searchParams.keys()]).toEqual(['term', 'urType', 'tri', 'page']);
    expect(url.searchParams.get('tri')).toBe('date');
    // The new URL is not redirected again.
    expect(searchedTextLocation(location ?? '')).toBeNull();
  });

  it('cuts a text of more than 200 characters, also from the pre-rendering form (terme)', () => {
    const location = searchedTextLocation(`/search?terme=${'a'.repeat(250)}`);
    expect(new URL(location ?? '', 'http://localhost').searchParams.get('terme')).toBe('a'.repeat(200));
  });

  it('leaves a text a search reads whole, a repeated parameter and a URL without text alone', () => {
    expect(searchedTextLocation(`/search?term=${encodeURIComponent(words(12))}`)).toBeNull();
    expect(searchedTextLocation('/search?term=imp%C3%B4t%20%20sur%20le%20revenu')).toBeNull();
    expect(searchedTextLocation(`/search?term=${words(30)}&term=tva`)).toBeNull();
    expect(searchedTextLocation('/search')).toBeNull();
    expect(searchedTextLocation('/search?page=2')).toBeNull();
  });
});
