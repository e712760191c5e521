'use client';

import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { SCROLL_ANIMATION_MS, TOC_MOBILE_OFFSET, TOC_OBSERVER_DELAY_MS } from '@/lib/constants';
import styles from './article.module.css';

/** A section of the table of contents; a locked one (withheld by the paywall) leads to `lockedTarget`. */
type Entry = { id: string; title: string; locked?: boolean };

/** The width below which the table of contents is a dropdown (as in article.module.css). */
const MOBILE_QUERY = '(max-width: 767px)';

/**
 * Where the window scrolls to bring a section in view: on mobile the spec's offset (TOC_MOBILE_OFFSET) is kept
 * below the sticky bar (the dropdown), whose bottom edge is `stickyBottom` pixels from the top of the viewport
 * once stuck; on desktop the section's top reaches the top of the viewport.
 */
export function sectionScrollY(options: {
  scrollY: number;
  sectionTop: number;
  mobile: boolean;
  stickyBottom: number;
}): number {
  const offset = options.mobile ? options.stickyBottom + TOC_MOBILE_OFFSET : 0;
  return Math.max(0, options.scrollY + options.sectionTop - offset);
}

/** Scrolls the window to a section in SCROLL_ANIMATION_MS (eased), or at once when motion is reduced. */
function scrollToSection(id: string, stickyBar: HTMLElement | null) {
  const target = document.getElementById(id);
  if (!target) return;
  const start = window.scrollY;
  // The bar sticks at its CSS `top`: its bottom edge then sits at that top plus its height.
  const stickyBottom = stickyBar
    ? (Number.parseFloat(getComputedStyle(stickyBar).top) || 0) + stickyBar.offsetHeight
    : 0;
  const end = sectionScrollY({
    scrollY: start,
    sectionTop: target.getBoundingClientRect().top,
    mobile: window.matchMedia(MOBILE_QUERY).matches,
    stickyBottom,
  });
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, end);
  } else {
    const began = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / SCROLL_ANIMATION_MS);
      const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
      window.scrollTo(0, start + (end - start) * eased);
      if (progress < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }
  history.replaceState(null, '', `#${id}`);
  // Keyboard and screen-reader users continue reading from the section they chose.
  target.focus({ preventScroll: true });
}

/** The share of the viewport, from its top, where a section's title makes it the one being read. */
const READING_LINE = 0.4;

/**
 * The section being read: the last one whose top has reached the reading line; undefined before any has (the top
 * of the article: nothing to highlight beyond the first entry, nothing to write in the address).
 */
export function sectionInView(
  tops: readonly { id: string; top: number }[],
  viewportHeight: number,
): string | undefined {
  const line = viewportHeight * READING_LINE;
  let current: string | undefined;
  for (const { id, top } of tops) if (top <= line) current = id;
  return current;
}

/**
 * The sticky table of contents of an enriched news: a list on desktop, a dropdown on mobile. It highlights the
 * section in view and writes it in the URL hash; it starts following TOC_OBSERVER_DELAY_MS after mounting so the
 * first paint (and a hash the reader came with) is not overwritten. A section chosen in it stays the highlighted
 * one until the reader scrolls by hand: the smooth scroll to it passes other sections, and a short section ends
 * with the next one's title in view.
 */
export function TableOfContents({ entries, lockedTarget }: { entries: Entry[]; lockedTarget: string }) {
  const [active, setActive] = useState(entries[0]?.id ?? '');
  const bar = useRef<HTMLElement>(null);
  const chosen = useRef(false);

  useEffect(() => {
    const sections = entries.flatMap((entry) => {
      const element = entry.locked ? null : document.getElementById(entry.id);
      return element ? [element] : [];
    });
    const follow = () => {
      if (chosen.current) return;
      const current = sectionInView(
        sections.map((section) => ({ id: section.id, top: section.getBoundingClientRect().top })),
        window.innerHeight,
      );
      // Above the first title: the first entry, as on arrival, and the address left as it is.
      if (!current) {
        setActive(entries[0]?.id ?? '');
        return;
      }
      setActive(current);
      if (window.location.hash !== `#${current}`) history.replaceState(null, '', `#${current}`);
    };
    // The reader's own scrolling: the page follows the sections again.
    const scrolledByHand = () => {
      chosen.current = false;
    };
    // A section the reader came to by its address is as chosen as one clicked.
    const arrivedAt = entries.find((entry) => !entry.locked && `#${entry.id}` === window.location.hash);
    if (arrivedAt) {
      chosen.current = true;
      setActive(arrivedAt.id);
    }
    const gestures = ['wheel', 'touchstart', 'keydown'] as const;
    for (const gesture of gestures) window.addEventListener(gesture, scrolledByHand, { passive: true });
    // Read at each scrolled frame: an observer of the sections' edges misses a section whose title passes the
    // line while both it and the previous one stay in view (short sections).
    let frame = 0;
    const onScroll = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        follow();
      });
    };
    const timer = window.setTimeout(() => {
      window.addEventListener('scroll', onScroll, { passive: true });
      follow();
    }, TOC_OBSERVER_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      for (const gesture of gestures) window.removeEventListener(gesture, scrolledByHand);
    };
  }, [entries]);

  // A single section has nothing to navigate between.
  if (entries.length < 2) return null;

  const go = (entry: Entry) => {
    if (entry.locked) {
      scrollToSection(lockedTarget, bar.current);
      return;
    }
    chosen.current = true;
    setActive(entry.id);
    scrollToSection(entry.id, bar.current);
  };
  const onLink = (event: MouseEvent<HTMLAnchorElement>, entry: Entry) => {
    event.preventDefault();
    go(entry);
  };

  return (
    <nav ref={bar} className={styles.toc} aria-label="Sommaire">
      <p className={styles.tocTitle}>Sommaire</p>
      <ol className={styles.tocList}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.locked ? lockedTarget : entry.id}`}
              aria-current={entry.id === active ? 'location' : undefined}
              className={entry.locked ? styles.tocLocked : undefined}
              onClick={(event) => onLink(event, entry)}
            >
              {entry.locked ? <LockIcon /> : null}
              {entry.title}
              {entry.locked ? <span className="visually-hidden"> (réservé aux inscrits)</span> : null}
            </a>
          </li>
        ))}
      </ol>
      <label className={styles.tocSelect}>
        <span className="visually-hidden">Aller à la section</span>
        <select
          value={active}
          onChange={(event) => {
            const entry = entries.find((candidate) => candidate.id === event.target.value);
            if (entry) go(entry);
          }}
        >
          {entries.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.locked ? `🔒 ${entry.title} (réservé aux inscrits)` : entry.title}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}

/** A padlock beside a locked section's title (decorative: the text says it). */
function LockIcon() {
  return (
    <svg
      className={styles.lockIcon}
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 1 0-4 0v2z" />
    </svg>
  );
}
