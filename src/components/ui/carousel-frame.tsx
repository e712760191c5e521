'use client';

import { type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import styles from './carousel.module.css';
import { pageAfter, pageAt } from './carousel-pages';

/** A mouse moved this far from where it was pressed is a drag: the click it ends with follows no link. */
const DRAG_THRESHOLD_PX = 5;

type CarouselFrameProps = {
  /** Slides in the track (`<li>`), rendered by the server. */
  children: ReactNode;
  /** Slides in the track. */
  count: number;
  /** Pages at the widest layout: the indicators the server's HTML carries before the track is measured. */
  initialPages: number;
  autoplayMs?: number;
  loop: boolean;
  /**
   * Lay out the slides past the first only once the page has loaded (or a control is pressed): their lazy images,
   * beside the first in the track, would otherwise load with the page and compete with its largest paint.
   */
  firstSlideUntilLoad?: boolean;
};

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The moving part of a carousel: the browser scrolls and snaps the track (a touch swipe needs no script), this
 * island adds the previous and next buttons, one indicator per page, a mouse drag, and the autoplay with its pause
 * button, held while the pointer or the keyboard focus is on the slides and off for reduced-motion readers (the
 * WAI-ARIA carousel pattern).
 */
export function CarouselFrame({
  children,
  count,
  initialPages,
  autoplayMs,
  loop,
  firstSlideUntilLoad = false,
}: CarouselFrameProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const [pages, setPages] = useState(initialPages);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(autoplayMs !== undefined);
  const [held, setHeld] = useState(false);
  const [revealed, setRevealed] = useState(!firstSlideUntilLoad);
  const drag = useRef<{ x: number; left: number; page: number; moved: boolean } | null>(null);
  const dragged = useRef(false);

  const show = useCallback((page: number) => {
    const element = track.current;
    if (!element) return;
    // The slides laid out before the track scrolls to one of them.
    flushSync(() => {
      setRevealed(true);
      setSelected(page);
    });
    element.scrollTo({ left: page * element.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, []);

  useEffect(() => {
    if (revealed) return;
    const reveal = () => setRevealed(true);
    if (document.readyState === 'complete') reveal();
    else window.addEventListener('load', reveal, { once: true });
    return () => window.removeEventListener('load', reveal);
  }, [revealed]);

  // The slides shown at a time come from the style sheet (--per-view by width): counted again on every resize.
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const measure = () => {
      const perView = Number(getComputedStyle(element).getPropertyValue('--per-view')) || 1;
      const next = Math.max(1, Math.ceil(count / perView));
      setPages(next);
      setSelected(pageAt(element, next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [count]);

  // A swipe or a scroll of the reader's own: the indicator follows once the track has come to rest.
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const settle = () => {
      if (!drag.current) setSelected(pageAt(element, pages));
    };
    if ('onscrollend' in window) {
      element.addEventListener('scrollend', settle);
      return () => element.removeEventListener('scrollend', settle);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, 150);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      element.removeEventListener('scroll', onScroll);
    };
  }, [pages]);

  useEffect(() => {
    if (autoplayMs !== undefined && reducedMotion()) setPlaying(false);
  }, [autoplayMs]);

  // The autoplay waits while the mouse is over the slides or the keyboard's focus is in them.
  useEffect(() => {
    const element = viewport.current;
    if (!element || autoplayMs === undefined) return;
    const hold = () => setHeld(true);
    const release = () => setHeld(false);
    const leaveFocus = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setHeld(false);
    };
    element.addEventListener('mouseenter', hold);
    element.addEventListener('mouseleave', release);
    element.addEventListener('focusin', hold);
    element.addEventListener('focusout', leaveFocus);
    return () => {
      element.removeEventListener('mouseenter', hold);
      element.removeEventListener('mouseleave', release);
      element.removeEventListener('focusin', hold);
      element.removeEventListener('focusout', leaveFocus);
    };
  }, [autoplayMs]);

  // Each page shown starts the interval again, so a reader's press is not followed by an early advance.
  useEffect(() => {
    if (autoplayMs === undefined || !playing || held || pages < 2) return;
    const timer = setTimeout(() => show(pageAfter(selected, 1, pages, true)), autoplayMs);
    return () => clearTimeout(timer);
  }, [autoplayMs, playing, held, pages, selected, show]);

  // A mouse drags the track (a finger scrolls it natively); the snapping is off while it moves.
  const onPointerDown = (event: PointerEvent<HTMLUListElement>) => {
    dragged.current = false;
    const element = track.current;
    if (event.pointerType !== 'mouse' || event.button !== 0 || !element) return;
    drag.current = { x: event.clientX, left: element.scrollLeft, page: selected, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLUListElement>) => {
    const element = track.current;
    const current = drag.current;
    if (!element || !current) return;
    const distance = event.clientX - current.x;
    if (!current.moved && Math.abs(distance) < DRAG_THRESHOLD_PX) return;
    if (!current.moved) {
      current.moved = true;
      element.setPointerCapture(event.pointerId);
      element.dataset.dragging = '';
    }
    element.scrollLeft = current.left - distance;
  };
  const onPointerUp = (event: PointerEvent<HTMLUListElement>) => {
    const element = track.current;
    const current = drag.current;
    drag.current = null;
    if (!element || !current?.moved) return;
    dragged.current = true;
    delete element.dataset.dragging;
    const distance = event.clientX - current.x;
    // A tenth of the page's width is enough to turn it, as a flick would.
    const step = Math.abs(distance) < element.clientWidth / 10 ? 0 : distance < 0 ? 1 : -1;
    show(pageAfter(current.page, step, pages, false));
  };

  return (
    <>
      <div className={styles.viewport} ref={viewport}>
        <ul
          ref={track}
          className={revealed ? styles.track : `${styles.track} ${styles.firstSlideOnly}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onDragStart={(event) => event.preventDefault()}
          onClickCapture={(event) => {
            // The click a drag ends with (a keyboard's has no detail) opens no banner.
            if (dragged.current && event.detail > 0) event.preventDefault();
          }}
        >
          {children}
        </ul>
      </div>
      {pages > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => show(pageAfter(selected, -1, pages, loop))}
            aria-label="Précédent"
          >
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
                  onClick={() => show(index)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => show(pageAfter(selected, 1, pages, loop))}
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
      ) : null}
    </>
  );
}
