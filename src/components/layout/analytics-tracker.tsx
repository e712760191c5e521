'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect } from 'react';
import { loadAnalytics, trackLink, trackView } from '@/client/analytics';

/**
 * Loads the tag manager (only rendered when ANALYTICS_SCRIPT_URL is set), sends a view on every page shown and
 * a link event on every link followed. Pages describe themselves with <PageAnalytics>, whose effect runs before
 * this one (children's effects first).
 */
export function AnalyticsTracker({ scriptUrl }: { scriptUrl: string }) {
  return (
    <Suspense fallback={null}>
      <Tracker scriptUrl={scriptUrl} />
    </Suspense>
  );
}

function Tracker({ scriptUrl }: { scriptUrl: string }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();

  useEffect(() => {
    loadAnalytics(scriptUrl);
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link) return;
      const external = (link as HTMLAnchorElement).host !== window.location.host;
      trackLink(external ? 'lien_sortant' : 'navigation', (link.textContent ?? '').trim().slice(0, 100));
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, [scriptUrl]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view for every new URL.
  useEffect(() => {
    trackView();
  }, [pathname, search]);

  return null;
}
