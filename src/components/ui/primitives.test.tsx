// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { formatHref } from './format-filter';
import { ImageWithFallback, PLACEHOLDER_IMAGE } from './image-with-fallback';
import { pageWindow } from './pagination';
import { tradeQuery } from './trade-selector';

afterEach(cleanup);

describe('tradeQuery', () => {
  test('sets metier to the slug and keeps the other parameters', () => {
    expect(tradeQuery('format=videos', 'fiscal')).toBe('?format=videos&metier=fiscal');
  });
  test('all trades removes metier', () => {
    expect(tradeQuery('metier=social', '')).toBe('');
  });
  test('back to the first page', () => {
    expect(tradeQuery('page=4&metier=social', 'fiscal')).toBe('?page=1&metier=fiscal');
  });
});

describe('formatHref', () => {
  test('sets or removes format, dropping the page', () => {
    expect(formatHref('/actualite', 'videos', { metier: 'fiscal', page: '3' })).toBe(
      '/actualite?metier=fiscal&format=videos',
    );
    expect(formatHref('/actualite', '', { format: 'podcast' })).toBe('/actualite');
  });
});

describe('pageWindow', () => {
  test('first, last, the current page and its neighbours, gaps marked', () => {
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});

describe('ImageWithFallback', () => {
  test('a failed image is replaced once by the placeholder', () => {
    render(<ImageWithFallback src="/absente.jpg" alt="Couverture" />);
    const image = screen.getByAltText('Couverture') as HTMLImageElement;
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });
});
