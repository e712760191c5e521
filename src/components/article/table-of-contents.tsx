'use client';

import { type MouseEvent, useEffect, useState } from 'react';
import { SCROLL_ANIMATION_MS, TOC_MOBILE_OFFSET, TOC_OBSERVER_DELAY_MS } from '@/lib/constants';
import styles from './article.module.css';

type Entry = { id: string; title: string };

/** The width below which the table of contents is a dropdown (as in article.module.css). */
const MOBILE_QUERY = '(max-width: 767px)';

/** Scrolls the window to a section in SCROLL_ANIMATION_MS (eased), or at once when motion is reduced. */
function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const offset = window.matchMedia(MOBILE_QUERY).matches ? TOC_MOBILE_OFFSET : 0;
  const start = window.scrollY;
  const end = start + target.getBoundingClientRect().top - offset;
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

/**
 * The sticky table of contents of an enriched news: a list on desktop, a dropdown on mobile. It highlights the
 * section in view and writes it in the URL hash; the observer starts TOC_OBSERVER_DELAY_MS after mounting so the
 * first paint (and a hash the reader came with) is not overwritten.
 */
export function TableOfContents({ entries }: { entries: Entry[] }) {
  const [active, setActive] = useState(entries[0]?.id ?? '');

  useEffect(() => {
    let observer: IntersectionObserver | undefined;
    const timer = window.setTimeout(() => {
      observer = new IntersectionObserver(
        (records) => {
          const visible = records.filter((record) => record.isIntersecting);
          const first = visible.sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
          if (!first) return;
          setActive(first.target.id);
          if (window.location.hash !== `#${first.target.id}`) {
            history.replaceState(null, '', `#${first.target.id}`);
          }
        },
        { rootMargin: '0px 0px -60% 0px' },
      );
      for (const entry of entries) {
        const element = document.getElementById(entry.id);
        if (element) observer.observe(element);
      }
    }, TOC_OBSERVER_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, [entries]);

  const onLink = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    setActive(id);
    scrollToSection(id);
  };

  return (
    <nav className={styles.toc} aria-label="Sommaire">
      <p className={styles.tocTitle}>Sommaire</p>
      <ol className={styles.tocList}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              aria-current={entry.id === active ? 'location' : undefined}
              onClick={(event) => onLink(event, entry.id)}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ol>
      <label className={styles.tocSelect}>
        <span className="visually-hidden">Aller à la section</span>
        <select
          value={active}
          onChange={(event) => {
            setActive(event.target.value);
            scrollToSection(event.target.value);
          }}
        >
          {entries.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.title}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
