'use client';

import { useEffect, useState } from 'react';

/** How long an idle moment is waited for after the load event before starting anyway. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * False until the page has loaded (the `load` event) and the browser has had an idle moment, then true. Work that
 * can wait until the page is shown goes after it: fetching and starting the carousels' engine (Embla, its first
 * measures, the banner's autoplay) then competes neither with the page's first paint nor with its hydration.
 *
 * Usage: `const ready = useAfterLoad(); const engine = useOnDemand(loadEngine, ready || touched);`
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterLoad = () => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      } else {
        timer = setTimeout(() => setReady(true), 0);
      }
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ready;
}
