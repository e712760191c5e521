/**
 * Consent to cookies and third-party content (CNIL guidelines of 2020): what a reader may accept or refuse, and
 * how the choice is kept in a cookie read by the browser (pages stay the same for everybody, decision 003).
 */

/** The cookie holding the reader's choice; its absence means no choice yet (the banner shows). */
export const CONSENT_COOKIE = 'quotidienne_consentement';
/** The choice is kept 6 months (CNIL), then asked again. */
export const CONSENT_MAX_AGE_SECONDS = 183 * 24 * 3600;
/** Bumped when the purposes change in a way that needs a new choice. */
const CONSENT_VERSION = 'v1';

/**
 * The platforms whose frames editorial bodies may carry (spec section 2: a podcast platform, an audio platform, an
 * infographic tool, a timeline tool, a chart tool and a short-message social network). A frame from one of them
 * loads only once the reader consents to that platform.
 */
export const EMBED_PLATFORMS = [
  { id: 'ausha', name: 'Ausha', hostname: 'player.ausha.co', content: 'podcasts' },
  { id: 'soundcloud', name: 'SoundCloud', hostname: 'w.soundcloud.com', content: 'contenus audio' },
  { id: 'infogram', name: 'Infogram', hostname: 'e.infogram.com', content: 'infographies' },
  {
    id: 'knightlab',
    name: 'Knight Lab Timeline',
    hostname: 'cdn.knightlab.com',
    content: 'frises chronologiques',
  },
  { id: 'datawrapper', name: 'Datawrapper', hostname: 'datawrapper.dwcdn.net', content: 'graphiques' },
  { id: 'x', name: 'X', hostname: 'platform.twitter.com', content: 'messages publiés sur X' },
] as const;

export type EmbedPlatformId = (typeof EMBED_PLATFORMS)[number]['id'];
export type ConsentPurpose = 'analytics' | EmbedPlatformId;

export const CONSENT_PURPOSES: readonly ConsentPurpose[] = ['analytics', ...EMBED_PLATFORMS.map((p) => p.id)];

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

/** The platform of a frame's address (`https://player.ausha.co/…`), or null for any other host. */
export function embedPlatformOf(url: string): EmbedPlatformId | null {
  try {
    const { hostname } = new URL(url);
    return EMBED_PLATFORMS.find((platform) => platform.hostname === hostname)?.id ?? null;
  } catch {
    return null;
  }
}
