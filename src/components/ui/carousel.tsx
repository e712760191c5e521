'use client';

import type { EmblaCarouselType } from 'embla-carousel';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { type CarouselBreakpoint, slidesForWidth } from '@/lib/constants';
import styles from './carousel.module.css';
import { useAfterLoad } from './use-after-load';
import { useNearViewport } from './use-near-viewport';
import { useOnDemand } from './use-on-demand';

// Embla and its autoplay plugin (about 8 KB of gzip script) in a chunk of their own, fetched once a carousel is on
// the page: the pages share their client chunks, so a static import made every news page, the article included,
// load Embla at start. The slides are server-rendered and shown in the meantime. The chunk is fetched once the page
// has loaded and the browser is idle (or at the reader's first touch of a carousel): Embla's first measures and the
// banner's autoplay then start after the page is shown, not while it loads (decision 007).
const loadEngine = () => Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]);

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
 * A carousel on Embla: drag, loop, optional autoplay (with a pause button, and off for reduced-motion readers),
 * previous and next buttons and one indicator per page.
 *
 * Usage: `<Carousel label="Les offres du moment" items={cards} breakpoints={OFFERS_CAROUSEL_BREAKPOINTS} loop />`
 */
export function Carousel({ label, items, breakpoints, autoplayMs, loop = true }: CarouselProps) {
  const [perView, setPerView] = useState(() => (breakpoints ? (breakpoints.at(-1)?.slides ?? 1) : 1));
  const [playing, setPlaying] = useState(autoplayMs !== undefined);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [touched, setTouched] = useState(false);
  // After the load, and only for a carousel within 200 px of the viewport (or touched).
  const near = useNearViewport(viewport);
  const engine = useOnDemand(loadEngine, (useAfterLoad() && near) || touched);

  useEffect(() => {
    if (!engine || !viewport) return;
    const [{ default: EmblaCarousel }, { default: Autoplay }] = engine;
    const plugins =
      autoplayMs === undefined
        ? []
        : [
            Autoplay({
              delay: autoplayMs,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
            }),
          ];
    const carousel = EmblaCarousel(viewport, { loop, align: 'start', slidesToScroll: 'auto' }, plugins);
    setApi(carousel);
    return () => carousel.destroy();
  }, [engine, viewport, loop, autoplayMs]);

  useEffect(() => {
    if (!breakpoints) return;
    const update = () => setPerView(slidesForWidth(breakpoints, window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [breakpoints]);

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSnaps(api.scrollSnapList());
      setSelected(api.selectedScrollSnap());
    };
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);

  // Slide widths follow perView through CSS: Embla measures again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: perView is the trigger, not a value read.
  useEffect(() => {
    api?.reInit();
  }, [api, perView]);

  useEffect(() => {
    if (!api || autoplayMs === undefined) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
  }, [api, autoplayMs]);

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [api, playing]);

  const scrollTo = useCallback((index: number) => api?.scrollTo(index), [api]);

  const touch = engine ? undefined : () => setTouched(true);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carrousel"
      aria-label={label}
      onPointerDown={touch}
      onFocus={touch}
    >
      <div className={styles.viewport} ref={setViewport}>
        <ul className={styles.track} style={{ '--per-view': perView } as React.CSSProperties}>
          {items.map((item, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional; their content has no key.
              key={index}
              className={styles.slide}
              aria-roledescription="diapositive"
              aria-label={`${index + 1} sur ${items.length}`}
              // Until Embla is there the track cannot move, so the slides past the first page, out of sight, are
              // not laid out: their lazy images (the banner's other slides) then wait instead of loading with the page.
              hidden={!engine && index >= perView}
            >
              {item}
            </li>
          ))}
        </ul>
      </div>
      {snaps.length > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => api?.scrollPrev()}
            aria-label="Précédent"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <ul className={styles.dots} aria-label="Pages du carrousel">
            {snaps.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one indicator per page, identified by its position.
              <li key={index}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`Page ${index + 1}`}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => scrollTo(index)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => api?.scrollNext()}
            aria-label="Suivant"
          >
            <span aria-hidden="true">›</span>
          </button>
          {autoplayMs !== undefined ? (
            <button type="button" className={styles.pause} onClick={() => setPlaying((value) => !value)}>
              {playing ? 'Pause' : 'Lecture'}
            </button>
          ) : null}
        </div>
      ) : snaps.length === 0 && items.length > perView ? (
        // Until Embla has measured the pages, their controls' place is kept: nothing moves when they come.
        <div className={styles.controls} />
      ) : null}
    </section>
  );
}
