// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE,
  CONSENT_GIVEN_ATTRIBUTE,
  CONSENT_PURPOSES,
  CONSENT_STATE_SCRIPT,
  parseConsent,
  serializeConsent,
  uniformChoice,
} from './consent';
import { embedProviderOf } from './embeds';

describe('consent cookie', () => {
  it('keeps the accepted purposes and reads them back', () => {
    const choice = { ...uniformChoice(false), analytics: true, x: true };
    expect(serializeConsent(choice)).toBe('v1:analytics,x');
    expect(parseConsent('v1:analytics,x')).toEqual(choice);
  });

  it('writes a refusal of everything as a choice, distinct from no choice', () => {
    expect(serializeConsent(uniformChoice(false))).toBe('v1:');
    expect(parseConsent('v1:')).toEqual(uniformChoice(false));
    expect(parseConsent(undefined)).toBeNull();
    expect(parseConsent('')).toBeNull();
  });

  it.each(['v0:analytics', 'v1:analytics,inconnu', 'v1:a:b', 'n’importe quoi'])(
    'asks again for a value it cannot read (%j)',
    (value) => {
      expect(parseConsent(value)).toBeNull();
    },
  );

  it('lists audience measurement and the six platforms of the spec', () => {
    expect(CONSENT_PURPOSES).toHaveLength(7);
    expect(CONSENT_PURPOSES[0]).toBe('analytics');
  });

  it('names the consent purpose of a frame address by its embed provider', () => {
    expect(embedProviderOf('https://player.ausha.co/index.html?podcastId=1')?.id).toBe('ausha');
    expect(embedProviderOf('https://platform.twitter.com/embed/Tweet.html')?.id).toBe('x');
    expect(embedProviderOf('https://evil.example/')).toBeNull();
    expect(embedProviderOf('pas une adresse')).toBeNull();
  });
});

describe('CONSENT_STATE_SCRIPT', () => {
  const runScript = () => new Function(CONSENT_STATE_SCRIPT)();
  const setCookie = (cookie: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the script under test reads document.cookie.
    document.cookie = cookie;
  };
  afterEach(() => {
    document.documentElement.removeAttribute(CONSENT_GIVEN_ATTRIBUTE);
    // A date in the past, not Max-Age=0: happy-dom keeps a cookie whose expiry is the current millisecond.
    for (const name of [CONSENT_COOKIE, `x${CONSENT_COOKIE}`]) {
      setCookie(`${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`);
    }
  });

  it('marks the page of a reader who has chosen, before anything else runs', () => {
    setCookie(`autre=1; Path=/`);
    setCookie(`${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(uniformChoice(false)))}; Path=/`);
    runScript();
    expect(document.documentElement.hasAttribute(CONSENT_GIVEN_ATTRIBUTE)).toBe(true);
  });

  it('leaves a first visit unmarked, whatever other cookie looks like its name', () => {
    setCookie(`x${CONSENT_COOKIE}=v1:; Path=/`);
    runScript();
    expect(document.documentElement.hasAttribute(CONSENT_GIVEN_ATTRIBUTE)).toBe(false);
  });
});
