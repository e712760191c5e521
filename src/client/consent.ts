import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  type ConsentChoice,
  type ConsentPurpose,
  parseConsent,
  serializeConsent,
  uniformChoice,
} from '@/lib/consent';
import { ANALYTICS_OPT_OUT_COOKIE } from '@/lib/constants';

/**
 * The reader's consent in the browser: read from its cookie, changed by the banner, announced by an event so a
 * part of the page waiting for it (the analytics tracker, an embed's click-to-load placeholder) starts at once.
 *
 * Usage in an embed placeholder:
 *   if (hasConsent('ausha')) showFrame();
 *   const stop = onConsentChange(() => { if (hasConsent('ausha')) showFrame(); });
 *   button.onclick = () => grantConsent('ausha');
 */

/** Fired on `window` when the choice changes; `detail` is the new ConsentChoice. */
export const CONSENT_CHANGE_EVENT = 'quotidienne:consentement';
/** Fired on `window` to show the consent settings (the footer's "Paramètres des cookies"). */
export const CONSENT_OPEN_EVENT = 'quotidienne:consentement-ouvrir';

function cookieValue(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** The reader's choice, or null when none was made (or it is older than 6 months: the cookie is gone). */
export function readConsent(): ConsentChoice | null {
  const raw = cookieValue(CONSENT_COOKIE);
  try {
    return parseConsent(raw === null ? null : decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/**
 * Whether a purpose was accepted. Audience measurement also stays off while the spec's `disabledAnalytics` cookie
 * is set, whatever the choice.
 */
export function hasConsent(purpose: ConsentPurpose): boolean {
  if (purpose === 'analytics' && cookieValue(ANALYTICS_OPT_OUT_COOKIE) !== null) return false;
  return readConsent()?.[purpose] ?? false;
}

/** Keeps a choice 6 months and tells the page. */
export function saveConsent(choice: ConsentChoice): void {
  // Secure wherever the browser keeps it (https, and localhost): a plain-http address would drop the choice.
  const secure = window.isSecureContext ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers we serve.
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(choice))}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_CHANGE_EVENT, { detail: choice }));
}

/** Accepts one more purpose, the others as they were (an embed's "Afficher le contenu" button). */
export function grantConsent(purpose: ConsentPurpose): void {
  saveConsent({ ...(readConsent() ?? uniformChoice(false)), [purpose]: true });
}

/** Calls `listener` at every change of the choice; answers the function that stops it. */
export function onConsentChange(listener: (choice: ConsentChoice) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ConsentChoice>).detail);
  window.addEventListener(CONSENT_CHANGE_EVENT, handler);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, handler);
}

/** Shows the consent settings again. */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}
