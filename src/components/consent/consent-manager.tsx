'use client';

import { useEffect, useRef, useState } from 'react';
import { CONSENT_OPEN_EVENT, hasConsent, onConsentChange, readConsent } from '@/client/consent';
import { AnalyticsTracker } from '@/components/layout/analytics-tracker';
import { useOnDemand } from '@/components/ui/use-on-demand';

// The banner and its settings are fetched only when shown: once per reader every 6 months (decision 007).
const loadBanner = () => import('./consent-banner');

type Panel = { view: 'banner' | 'settings' } | null;

/**
 * Asks for consent (CNIL) and holds what depends on it. On a first visit, or once the choice is 6 months old, the
 * banner shows; the footer's "Paramètres des cookies" shows the settings again. The tag manager
 * (ANALYTICS_SCRIPT_URL) is rendered only once audience measurement is accepted: before that, no script, cookie or
 * request of it.
 */
export function ConsentManager({ analyticsScriptUrl }: { analyticsScriptUrl: string | undefined }) {
  const [panel, setPanel] = useState<Panel>(null);
  const [analytics, setAnalytics] = useState(false);
  const analyticsStarted = useRef(false);
  const banner = useOnDemand(loadBanner, panel !== null);

  useEffect(() => {
    analyticsStarted.current = hasConsent('analytics');
    setAnalytics(analyticsStarted.current);
    if (readConsent() === null) setPanel({ view: 'banner' });
    const open = () => setPanel({ view: 'settings' });
    window.addEventListener(CONSENT_OPEN_EVENT, open);
    const stop = onConsentChange(() => {
      const allowed = hasConsent('analytics');
      // A tag manager already running cannot be unloaded: the page starts again without it.
      if (analyticsStarted.current && !allowed) {
        window.location.reload();
        return;
      }
      analyticsStarted.current = allowed;
      setAnalytics(allowed);
    });
    return () => {
      window.removeEventListener(CONSENT_OPEN_EVENT, open);
      stop();
    };
  }, []);

  return (
    <>
      {banner && panel ? (
        <banner.ConsentBanner initialView={panel.view} onClose={() => setPanel(null)} />
      ) : null}
      {analytics && analyticsScriptUrl ? <AnalyticsTracker scriptUrl={analyticsScriptUrl} /> : null}
    </>
  );
}
