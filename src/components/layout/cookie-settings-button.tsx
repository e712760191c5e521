'use client';

import { openConsentSettings } from '@/client/consent';

/** The footer's "Paramètres des cookies": shows the consent settings again (ConsentManager). */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={openConsentSettings}>
      Paramètres des cookies
    </button>
  );
}
