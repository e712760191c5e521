// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { FALLBACK_ATTRIBUTE, installImageFallback, PLACEHOLDER_IMAGE } from '@/client/image-fallback';
import { formatHref } from './format-filter';
import { ImageWithFallback } from './image-with-fallback';
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
  test('marks its image for the fallback, with next/image optimised attributes', () => {
    render(<ImageWithFallback src="/media/covers/a.webp" alt="Couverture" width={1200} height={628} />);
    const image = screen.getByAltText('Couverture');
    expect(image.hasAttribute(FALLBACK_ATTRIBUTE)).toBe(true);
    expect(image.getAttribute('srcset')).toContain('/_next/image?url=%2Fmedia%2Fcovers%2Fa.webp');
  });
});

describe('installImageFallback', () => {
  test('a failed image is replaced once by the placeholder, its srcset and picture sources too', () => {
    const stop = installImageFallback(document);
    render(
      <div>
        <picture {...{ [FALLBACK_ATTRIBUTE]: '' }}>
          <source media="(min-width: 768px)" srcSet="/media/banners/large.webp" />
          <img src="/media/banners/small.webp" alt="Bannière" />
        </picture>
        <div {...{ [FALLBACK_ATTRIBUTE]: '' }}>
          {/* biome-ignore lint/performance/noImgElement: editorial HTML's images are plain <img>. */}
          <img src="/media/editorial.png" srcSet="/media/editorial.png 2x" alt="Dans le texte" />
        </div>
        {/* biome-ignore lint/performance/noImgElement: an image outside the marked ones. */}
        <img src="/autre.png" alt="Non marquée" />
      </div>,
    );
    const banner = screen.getByAltText('Bannière') as HTMLImageElement;
    fireEvent.error(banner);
    expect(banner.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(document.querySelector('source')?.getAttribute('srcset')).toBe(PLACEHOLDER_IMAGE);
    const editorial = screen.getByAltText('Dans le texte') as HTMLImageElement;
    fireEvent.error(editorial);
    expect(editorial.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(editorial.hasAttribute('srcset')).toBe(false);
    // Once: a failing placeholder is left as it is.
    editorial.setAttribute('src', '/encore.png');
    fireEvent.error(editorial);
    expect(editorial.getAttribute('src')).toBe('/encore.png');
    const other = screen.getByAltText('Non marquée');
    fireEvent.error(other);
    expect(other.getAttribute('src')).toBe('/autre.png');
    stop();
  });

  test('replaces the images that failed before it listened (before hydration)', () => {
    // biome-ignore lint/performance/noImgElement: the markup the fallback handler works on.
    render(<img src="/media/absente.png" alt="Déjà cassée" {...{ [FALLBACK_ATTRIBUTE]: '' }} />);
    const image = screen.getByAltText('Déjà cassée') as HTMLImageElement;
    Object.defineProperty(image, 'complete', { value: true });
    Object.defineProperty(image, 'naturalWidth', { value: 0 });
    const stop = installImageFallback(document);
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    stop();
  });
});
