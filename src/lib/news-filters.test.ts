import { describe, expect, it } from 'vitest';
import { parseFilterSegment, readNewsFilters, withNewsFilters } from './news-filters';

describe('news filters', () => {
  it('reads known trades and formats only, `video` as the spec spells it and `videos` alike', () => {
    expect(readNewsFilters(new URLSearchParams('metier=social&format=video'))).toEqual({
      metier: 'social',
      format: 'videos',
    });
    expect(readNewsFilters(new URLSearchParams('format=videos'))).toEqual({ format: 'videos' });
    expect(readNewsFilters(new URLSearchParams('metier=finance&format=podcast'))).toEqual({
      metier: 'finance',
      format: 'podcast',
    });
    expect(readNewsFilters(new URLSearchParams('metier=avocat&format=toString'))).toEqual({});
    expect(readNewsFilters(new URLSearchParams('metier=&format='))).toEqual({});
  });

  it('writes them in one order, and round-trips them through the rewritten path segment', () => {
    expect(withNewsFilters('/actualite/fiscal', { format: 'videos', metier: 'social' })).toBe(
      '/actualite/fiscal?metier=social&format=videos',
    );
    expect(withNewsFilters('/actualite', {})).toBe('/actualite');
    expect(parseFilterSegment('~social~tous')).toEqual({ metier: 'social' });
    expect(parseFilterSegment('~tous~video')).toEqual({ format: 'videos' });
    expect(parseFilterSegment('~social~podcast')).toEqual({ metier: 'social', format: 'podcast' });
  });

  it('refuses a segment naming an unknown value or no filter at all', () => {
    for (const segment of [
      '~tous~tous',
      '~avocat~tous',
      '~social~audio',
      'fiscal',
      '~social',
      '~Social~tous',
      '~social~tous~x',
    ]) {
      expect(parseFilterSegment(segment)).toBeNull();
    }
  });
});
