'use client';

import type { EmblaCarouselType } from 'embla-carousel';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type CarouselBreakpoint, slidesForWidth } from '@/lib/constants';
import styles from './carousel.module.css';
import { useAfterLoad } from './use-after-load';
import { useNearViewport } from './use-near-viewport';
import { useOnDemand } from './use-on-demand';

// Embla and its autoplay plugin (about 8 KB of gzip script) in a chunk of their own, fetched once a carousel is on
// the page: the pages share their client chunks, so a static import made every news page, the article included,
// load Embla at start. The slides and the controls are server-rendered and shown in the meantime. The chunk is
// fetched at the reader's first touch of a carousel, or after the load once it nears the viewport, or for the
// banner when its first advance is due: Embla's first measures then start after the page is shown, not while it
// loads (decisions 007, 041, 053).
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
  const [snaps, setSnaps] = useState(0);
  const [touched, setTouched] = useState(false);
  // A control pressed before the engine came: a page, or -1 / -2 for previous / next; done once it has started.
  const asked = useRef<number | null>(null);
  const perViewRef = useRef(perView);
  perViewRef.current = perView;
  // The pages' width Embla measured last: it measures again when perView changes, not right after starting.
  const measured = useRef(0);
  const loaded = useAfterLoad();
  // Without autoplay: after the load, once within 200 px of the viewport (or touched). With it: when the first
  // advance is due, BANNER_INTERVAL_MS after the load (or touched), so that the banner's engine starts neither
  // while the page loads nor in the moments after, when a phone is still busy with it.
  const near = useNearViewport(autoplayMs === undefined ? viewport : null);
  const [due, setDue] = useState(false);
  const engine = useOnDemand(loadEngine, (loaded && near) || due || touched);

  useEffect(() => {
    if (autoplayMs === undefined || !loaded || !playing || engine) return;
    const timer = setTimeout(() => {
      asked.current ??= -2;
      setDue(true);
    }, autoplayMs);
    return () => clearTimeout(timer);
  }, [autoplayMs, loaded, playing, engine]);

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
    measured.current = perViewRef.current;
    const page = asked.current;
    asked.current = null;
    if (page === -1) carousel.scrollPrev();
    else if (page === -2) carousel.scrollNext();
    else if (page !== null) carousel.scrollTo(page);
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
      setSnaps(api.scrollSnapList().length);
      setSelected(api.selectedScrollSnap());
    };
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);

  // Slide widths follow perView through CSS: Embla measures again when it changes.
  useEffect(() => {
    if (!api || measured.current === perView) return;
    measured.current = perView;
    api.reInit();
  }, [api, perView]);

  useEffect(() => {
    if (autoplayMs !== undefined && window.matchMedia('(prefers-reduced-motion: reduce)').matches)
      setPlaying(false);
  }, [autoplayMs]);

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [api, playing]);

  // Before the engine, the pages are counted from the slides shown at a time (Embla groups them alike), so the
  // controls are in the server's HTML; a press then is done once the engine has started.
  const pages = api ? snaps : Math.ceil(items.length / perView);
  const go = (page: number) => {
    if (!api) {
      asked.current = page;
      setTouched(true);
    } else if (page === -1) api.scrollPrev();
    else if (page === -2) api.scrollNext();
    else api.scrollTo(page);
  };

  const touch = engine ? undefined : () => setTouched(true);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carrousel"
      aria-label={label}
      data-ready={api ? '' : undefined}
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
      {pages > 1 ? (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={() => go(-1)} aria-label="Précédent">
            <span aria-hidden="true">‹</span>
          </button>
          <ul className={styles.dots} aria-label="Pages du carrousel">
            {Array.from({ length: pages }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one indicator per page, identified by its position.
              <li key={index}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`Page ${index + 1}`}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => go(index)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className={styles.arrow} onClick={() => go(-2)} aria-label="Suivant">
            <span aria-hidden="true">›</span>
          </button>
          {autoplayMs !== undefined ? (
            <button type="button" className={styles.pause} onClick={() => setPlaying((value) => !value)}>
              {playing ? 'Pause' : 'Lecture'}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
