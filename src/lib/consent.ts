/**
 * Consent to cookies and third-party content (CNIL guidelines of 2020): what a reader may accept or refuse, and
 * how the choice is kept in a cookie read by the browser (pages stay the same for everybody, decision 003).
 */

import { EMBED_PROVIDERS, type EmbedProviderId } from './embeds';

/** The cookie holding the reader's choice; its absence means no choice yet (the banner shows). */
export const CONSENT_COOKIE = 'quotidienne_consentement';
/**
 * Set on <html> before the page paints when the reader has made a choice (CONSENT_STATE_SCRIPT), so that the
 * consent notice, which is in every page's HTML, is hidden by CSS from the first paint for returning readers.
 */
export const CONSENT_GIVEN_ATTRIBUTE = 'data-consentement';
/**
 * The only inline script of ours, in every page's <head> (allowed by its hash in the Content-Security-Policy): the
 * notice is then painted with the page for a first visit instead of after the scripts (it was the largest paint
 * of several templates on phones, 1 to 1.5 s late), and never shown to a reader who has chosen. A cookie that is
 * there but unreadable (an older version) is found by the consent manager, which shows the notice again.
 */
export const CONSENT_STATE_SCRIPT = `if(/(?:^|;\\s*)${CONSENT_COOKIE}=/.test(document.cookie))document.documentElement.setAttribute('${CONSENT_GIVEN_ATTRIBUTE}','')`;
/** The choice is kept 6 months (CNIL), then asked again. */
export const CONSENT_MAX_AGE_SECONDS = 183 * 24 * 3600;
/** Bumped when the purposes change in a way that needs a new choice. */
const CONSENT_VERSION = 'v1';

/** Audience measurement, and each embed platform (EMBED_PROVIDERS): a frame loads only once its platform is accepted. */
export type ConsentPurpose = 'analytics' | EmbedProviderId;

export const CONSENT_PURPOSES: readonly ConsentPurpose[] = ['analytics', ...EMBED_PROVIDERS.map((p) => p.id)];

/** The reader's answer for each purpose. */
export type ConsentChoice = Record<ConsentPurpose, boolean>;

/** Every purpose accepted, or every one refused. */
export function uniformChoice(accepted: boolean): ConsentChoice {
  return Object.fromEntries(CONSENT_PURPOSES.map((purpose) => [purpose, accepted])) as ConsentChoice;
}

/** The cookie's value: the version, then the accepted purposes (`v1:analytics,ausha`; `v1:` refuses all). */
export function serializeConsent(choice: ConsentChoice): string {
  return `${CONSENT_VERSION}:${CONSENT_PURPOSES.filter((purpose) => choice[purpose]).join(',')}`;
}

/** The choice a cookie value holds; null for no value, another version or a malformed one (asked again). */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (!value) return null;
  const [version, list, ...rest] = value.split(':');
  if (version !== CONSENT_VERSION || list === undefined || rest.length > 0) return null;
  const accepted = list === '' ? [] : list.split(',');
  if (!accepted.every((purpose) => (CONSENT_PURPOSES as readonly string[]).includes(purpose))) return null;
  return Object.fromEntries(
    CONSENT_PURPOSES.map((purpose) => [purpose, accepted.includes(purpose)]),
  ) as ConsentChoice;
}
