'use client';

import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { CONSENT_OPEN_EVENT, hasConsent, onConsentChange, readConsent, saveConsent } from '@/client/consent';
import { AnalyticsTracker } from '@/components/layout/analytics-tracker';
import { useOnDemand } from '@/components/ui/use-on-demand';
import { CONSENT_GIVEN_ATTRIBUTE, uniformChoice } from '@/lib/consent';
import styles from './consent-banner.module.css';
import type { NoticeAction } from './consent-notice';

// The settings are fetched only when asked for: by "Personnaliser" or the footer's link (decision 007).
const loadSettings = () => import('./consent-settings');

type ConsentManagerProps = {
  analyticsScriptUrl: string | undefined;
  /** The server-rendered notice of a first visit (ConsentNotice), painted with the page. */
  notice: ReactNode;
};

/**
 * Asks for consent (CNIL) and holds what depends on it. On a first visit, or once the choice is 6 months old, the
 * notice shows (it is in the page's HTML: decision 041); "Personnaliser" and the footer's "Paramètres des cookies"
 * show the settings. The tag manager (ANALYTICS_SCRIPT_URL) is rendered only once audience measurement is
 * accepted: before that, no script, cookie or request of it.
 */
export function ConsentManager({ analyticsScriptUrl, notice }: ConsentManagerProps) {
  // The server and the first render keep the notice; CSS hides it from a reader who has chosen.
  const [noticeShown, setNoticeShown] = useState(true);
  const [ready, setReady] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const analyticsStarted = useRef(false);
  const settings = useOnDemand(loadSettings, settingsOpen);

  useEffect(() => {
    const chosen = readConsent() !== null;
    // The head script saw a cookie; an unreadable one (another version) asks again.
    document.documentElement.toggleAttribute(CONSENT_GIVEN_ATTRIBUTE, chosen);
    setNoticeShown(!chosen);
    setReady(true);
    analyticsStarted.current = hasConsent('analytics');
    setAnalytics(analyticsStarted.current);
    const open = () => {
      setNoticeShown(false);
      setSettingsOpen(true);
    };
    window.addEventListener(CONSENT_OPEN_EVENT, open);
    const stop = onConsentChange(() => {
      document.documentElement.setAttribute(CONSENT_GIVEN_ATTRIBUTE, '');
      setNoticeShown(false);
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

  const onNoticeSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value as
      | NoticeAction
      | undefined;
    if (action === 'customize') {
      setNoticeShown(false);
      setSettingsOpen(true);
    } else if (action === 'refuse' || action === 'accept') {
      saveConsent(uniformChoice(action === 'accept'));
    }
  };

  return (
    <>
      {noticeShown ? (
        <form className={styles.noticeForm} onSubmit={onNoticeSubmit}>
          <fieldset disabled={!ready}>{notice}</fieldset>
        </form>
      ) : null}
      {settings && settingsOpen ? <settings.ConsentSettings onClose={() => setSettingsOpen(false)} /> : null}
      {analytics && analyticsScriptUrl ? <AnalyticsTracker scriptUrl={analyticsScriptUrl} /> : null}
    </>
  );
}
