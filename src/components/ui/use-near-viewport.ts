'use client';

import { useEffect, useState } from 'react';

/**
 * How far below the fold an element counts as near: 200 px, a moment of scrolling ahead (an 8 KB engine loads and
 * starts in that time), not a whole screen, so that a carousel below a phone's first screen is not fetched with
 * the page (the news home's media carousel starts about 1,300 px down: 30 KB script budget, decision 041).
 */
const NEAR_MARGIN = '200px 0px';

/**
 * False until the element comes within 200 px of the viewport, then true for good. A carousel far down a
 * phone's page (the media carousel of the listings) fetches its engine then, not with the page.
 *
 * Usage: `const near = useNearViewport(element); const engine = useOnDemand(load, (ready && near) || touched);`
 */
export function useNearViewport(element: Element | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
