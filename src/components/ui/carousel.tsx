import type { ReactNode } from 'react';
import type { CarouselBreakpoint } from '@/lib/constants';
import styles from './carousel.module.css';
import { CarouselFrame } from './carousel-frame';
import { carouselLayout } from './carousel-pages';

type CarouselProps = {
  /** Accessible name of the carousel, e.g. 'Les offres du moment'. */
  label: string;
  items: readonly ReactNode[];
  /** Items shown by viewport width (section 9 constants such as OFFERS_CAROUSEL_BREAKPOINTS); 1 when absent. */
  breakpoints?: readonly CarouselBreakpoint[];
  /** Advance by itself every `autoplayMs` milliseconds (BANNER_INTERVAL_MS for the banner); off when absent. */
  autoplayMs?: number;
  loop?: boolean;
};

/**
 * A carousel the browser moves: the slides are a server-rendered list that scrolls sideways and snaps to each
 * slide (CSS scroll snapping: a finger swipes it with no script, and no script runs while it moves), the widths by
 * breakpoint in a style sheet; a small island (CarouselFrame) adds previous and next, indicators, the mouse drag
 * and the autoplay with its pause button. It replaced an engine whose script cost a phone about a second of work
 * at start and at every turn (docs/history/phone-pages-2026-12.md).
 *
 * Usage: `<Carousel label="Les offres du moment" items={cards} breakpoints={OFFERS_CAROUSEL_BREAKPOINTS} loop />`
 */
export function Carousel({ label, items, breakpoints, autoplayMs, loop = true }: CarouselProps) {
  const layout = breakpoints ? carouselLayout(breakpoints) : undefined;
  const widest = breakpoints?.at(-1)?.slides ?? 1;
  return (
    <section
      className={layout ? `${styles.carousel} ${layout.className}` : styles.carousel}
      aria-roledescription="carrousel"
      aria-label={label}
    >
      {layout ? (
        // React puts it in the head, once for the carousels sharing these breakpoints.
        <style href={layout.className} precedence="carousel">
          {layout.css}
        </style>
      ) : null}
      <CarouselFrame
        count={items.length}
        initialPages={Math.ceil(items.length / widest)}
        autoplayMs={autoplayMs}
        loop={loop}
        firstSlideUntilLoad={widest === 1}
      >
        {items.map((item, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional; their content has no key.
            key={index}
            className={styles.slide}
            aria-roledescription="diapositive"
            aria-label={`${index + 1} sur ${items.length}`}
          >
            {item}
          </li>
        ))}
      </CarouselFrame>
    </section>
  );
}
