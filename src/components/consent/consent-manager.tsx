'use client';

import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { CONSENT_OPEN_EVENT, hasConsent, onConsentChange, readConsent, saveConsent } from '@/client/consent';
import { AnalyticsTracker } from '@/components/layout/analytics-tracker';
import { useOnDemand } from '@/components/ui/use-on-demand';
import { CONSENT_GIVEN_ATTRIBUTE, uniformChoice } from '@/lib/consent';
import { MAIN_CONTENT_ID } from '@/lib/constants';
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
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const analyticsStarted = useRef(false);
  // Where the focus goes back when the settings close: the footer's button that opened them.
  const settingsOpener = useRef<HTMLElement | null>(null);
  const settings = useOnDemand(loadSettings, settingsOpen);

  useEffect(() => {
    const chosen = readConsent() !== null;
    // The head script saw a cookie; an unreadable one (another version) asks again.
    document.documentElement.toggleAttribute(CONSENT_GIVEN_ATTRIBUTE, chosen);
    setNoticeShown(!chosen);
    analyticsStarted.current = hasConsent('analytics');
    setAnalytics(analyticsStarted.current);
    const open = () => {
      settingsOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
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

  // The notice's buttons are rendered by the server: their clicks are read here, by the button's `data-consent`.
  const onNoticeClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-consent]');
    const action = button?.dataset.consent as NoticeAction | undefined;
    if (!action) return;
    // A choice made from the keyboard goes on from the page's content, not from a button that is gone.
    const hadFocus = event.currentTarget.contains(document.activeElement);
    setNoticeShown(false);
    if (action === 'customize') {
      settingsOpener.current = null;
      setSettingsOpen(true);
    } else {
      saveConsent(uniformChoice(action === 'accept'));
      if (hadFocus) focusMainContent();
    }
  };

  const closeSettings = () => {
    setSettingsOpen(false);
    const opener = settingsOpener.current;
    if (opener?.isConnected) opener.focus({ preventScroll: true });
    else focusMainContent();
  };

  return (
    <>
      {noticeShown ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: the clicks of the buttons inside, by delegation.
        // biome-ignore lint/a11y/useKeyWithClickEvents: a button's keyboard activation is a click.
        <div className={styles.noticeHolder} onClick={onNoticeClick}>
          {notice}
        </div>
      ) : null}
      {settings && settingsOpen ? <settings.ConsentSettings onClose={closeSettings} /> : null}
      {analytics && analyticsScriptUrl ? <AnalyticsTracker scriptUrl={analyticsScriptUrl} /> : null}
    </>
  );
}

function focusMainContent() {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
