import { describe, expect, test } from 'vitest';
import {
  OFFERS_CAROUSEL_BREAKPOINTS,
  SOLUTIONS_CAROUSEL_BREAKPOINTS,
  VIDEO_CAROUSEL_BREAKPOINTS,
} from '@/lib/constants';
import { carouselLayout, pageAfter, pageAt } from './carousel-pages';

describe('carouselLayout', () => {
  test('shows 2, 3 or 4 offers at 768, 1000 and 1240 px: the widest by default, narrower in media queries', () => {
    const { className, css } = carouselLayout(OFFERS_CAROUSEL_BREAKPOINTS);
    expect(className).toBe('carousel-768-2-1000-3-1240-4');
    expect(css).toBe(
      '.carousel-768-2-1000-3-1240-4{--per-view:4}' +
        '@media (max-width: 1000px){.carousel-768-2-1000-3-1240-4{--per-view:3}}' +
        '@media (max-width: 768px){.carousel-768-2-1000-3-1240-4{--per-view:2}}',
    );
  });

  test('shows 1, 2 or 3 solutions and videos at 768, 1000 and 1280 px, one sheet for both', () => {
    const solutions = carouselLayout(SOLUTIONS_CAROUSEL_BREAKPOINTS);
    expect(carouselLayout(VIDEO_CAROUSEL_BREAKPOINTS)).toEqual(solutions);
    expect(solutions.css).toContain('.carousel-768-1-1000-2-1280-3{--per-view:3}');
    expect(solutions.css).toMatch(
      /1000px\)\{[^}]+--per-view:2\}\}@media \(max-width: 768px\)\{[^}]+--per-view:1/,
    );
  });

  test('keeps the narrowest query last whatever the order given', () => {
    const { css } = carouselLayout([
      { maxWidth: 1000, slides: 3 },
      { maxWidth: 600, slides: 1 },
      { maxWidth: 1400, slides: 4 },
    ]);
    expect(css.indexOf('max-width: 1000px')).toBeLessThan(css.indexOf('max-width: 600px'));
  });
});

describe('pageAt', () => {
  const track = (scrollLeft: number) => ({ scrollLeft, clientWidth: 400, scrollWidth: 1000 });

  test('counts whole page widths, rounding a drag left halfway', () => {
    expect(pageAt(track(0), 3)).toBe(0);
    expect(pageAt(track(190), 3)).toBe(0);
    expect(pageAt(track(210), 3)).toBe(1);
    expect(pageAt(track(400), 3)).toBe(1);
  });

  test('the end of the track is the last page, even when that page is short of slides', () => {
    // 1000 px of slides in pages of 400: the third page starts at 800 but the track stops at 600.
    expect(pageAt(track(600), 3)).toBe(2);
    expect(pageAt(track(599.5), 3)).toBe(2);
  });

  test('one page, a track not laid out or one showing its first slide only, is page 0', () => {
    expect(pageAt(track(300), 1)).toBe(0);
    expect(pageAt({ scrollLeft: 0, clientWidth: 0, scrollWidth: 0 }, 4)).toBe(0);
    expect(pageAt({ scrollLeft: 0, clientWidth: 400, scrollWidth: 400 }, 4)).toBe(0);
  });
});

describe('pageAfter', () => {
  test('goes around the ends when the carousel loops', () => {
    expect(pageAfter(4, 1, 5, true)).toBe(0);
    expect(pageAfter(0, -1, 5, true)).toBe(4);
    expect(pageAfter(2, 1, 5, true)).toBe(3);
  });

  test('stops at the ends otherwise', () => {
    expect(pageAfter(4, 1, 5, false)).toBe(4);
    expect(pageAfter(0, -1, 5, false)).toBe(0);
  });
});
