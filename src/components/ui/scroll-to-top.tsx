'use client';

import { useEffect, useState } from 'react';
import styles from './scroll-to-top.module.css';

/** Shown once the reader has scrolled this far, in pixels. */
const SHOW_AFTER_PX = 600;

/**
 * A button back to the top of the page, shown after some scrolling. Reduced-motion readers jump instead of
 * scrolling smoothly.
 *
 * Usage: `<ScrollToTop />` once per page (the layout has it).
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('contenu')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true" className={styles.arrow} />
      <span className="visually-hidden">Revenir en haut de la page</span>
    </button>
  );
}
