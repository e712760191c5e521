'use client';

import { useEffect, useState } from 'react';

/** How far below the fold an element counts as near: a screen's worth, so a scroll does not find it unready. */
const NEAR_MARGIN = '100% 0px';

/**
 * False until the element comes within about a screen of the viewport, then true for good. A carousel far down a
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
