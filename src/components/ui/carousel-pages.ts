import type { CarouselBreakpoint } from '@/lib/constants';

/**
 * The class and style sheet that give a carousel's track its slides shown at a time (`--per-view`) by viewport
 * width, from its breakpoints (section 9): the browser lays the slides out from the first paint, at every width,
 * with no script measuring the window. The class is made from the breakpoints, so carousels sharing them share
 * one sheet. A width up to a breakpoint's `maxWidth` shows its `slides`; wider than them all, the widest's.
 *
 * Usage: `const layout = carouselLayout(OFFERS_CAROUSEL_BREAKPOINTS);` then `layout.className` on the carousel and
 * `<style href={layout.className} precedence="carousel">{layout.css}</style>`.
 */
export function carouselLayout(breakpoints: readonly CarouselBreakpoint[]): {
  className: string;
  css: string;
} {
  const widest = breakpoints.at(-1)?.slides ?? 1;
  const className = `carousel-${breakpoints.map(({ maxWidth, slides }) => `${maxWidth}-${slides}`).join('-')}`;
  // Narrowest last: of the media queries that match, the later rule wins.
  const narrower = breakpoints
    .slice(0, -1)
    .sort((a, b) => b.maxWidth - a.maxWidth)
    .map(({ maxWidth, slides }) => `@media (max-width: ${maxWidth}px){.${className}{--per-view:${slides}}}`);
  return { className, css: [`.${className}{--per-view:${widest}}`, ...narrower].join('') };
}

/** The page a track scrolled to `scrollLeft` shows: its scroll width in pages of its own width, the end the last. */
export function pageAt(
  track: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  pages: number,
): number {
  // A track that cannot scroll (one page, not laid out, or its later slides not shown yet) is at its start.
  if (pages <= 1 || track.clientWidth <= 0 || track.scrollWidth - track.clientWidth <= 1) return 0;
  // A page short of slides ends the track before a whole page width: reaching the end is reaching it.
  if (track.scrollLeft >= track.scrollWidth - track.clientWidth - 1) return pages - 1;
  return Math.min(pages - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
}

/** The page `step` pages from `page` (-1 previous, 1 next): around the ends when the carousel loops, else held. */
export function pageAfter(page: number, step: number, pages: number, loop: boolean): number {
  if (pages <= 0) return 0;
  const next = page + step;
  if (loop) return ((next % pages) + pages) % pages;
  return Math.min(pages - 1, Math.max(0, next));
}
