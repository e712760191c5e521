// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, uniformChoice } from '@/lib/consent';
import {
  CONSENT_OPEN_EVENT,
  grantConsent,
  hasConsent,
  onConsentChange,
  openConsentSettings,
  readConsent,
  saveConsent,
} from './consent';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the page's cookies.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

afterEach(clearCookies);

describe('consent store', () => {
  test('no choice before the reader answers: nothing is consented', () => {
    expect(readConsent()).toBeNull();
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('ausha')).toBe(false);
  });

  test('the choice is kept 6 months, SameSite=Lax, and Secure on a secure page (spec section 9)', () => {
    const written: string[] = [];
    const setter = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
    });
    let secure = true;
    Object.defineProperty(window, 'isSecureContext', { configurable: true, get: () => secure });
    try {
      saveConsent(uniformChoice(false));
      secure = false;
      saveConsent(uniformChoice(false));
    } finally {
      setter.mockRestore();
      Reflect.deleteProperty(window, 'isSecureContext');
    }
    expect(written[0]).toMatch(
      new RegExp(`; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; Secure$`),
    );
    // A plain-http address other than localhost drops a Secure cookie: the choice would be asked at every page.
    expect(written[1]).toMatch(/; SameSite=Lax$/);
  });

  test('a saved choice is kept in its cookie and announced', () => {
    const listener = vi.fn();
    const stop = onConsentChange(listener);
    saveConsent({ ...uniformChoice(false), analytics: true });
    stop();
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=v1%3Aanalytics`);
    expect(hasConsent('analytics')).toBe(true);
    expect(hasConsent('x')).toBe(false);
    expect(listener).toHaveBeenCalledWith({ ...uniformChoice(false), analytics: true });
  });

  test('refusing everything is a choice too', () => {
    saveConsent(uniformChoice(false));
    expect(readConsent()).toEqual(uniformChoice(false));
  });

  test('the spec’s disabledAnalytics cookie keeps audience measurement off whatever the choice', () => {
    saveConsent(uniformChoice(true));
    // biome-ignore lint/suspicious/noDocumentCookie: the opt-out cookie of the spec.
    document.cookie = 'disabledAnalytics=1; Path=/';
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('datawrapper')).toBe(true);
  });

  test('an embed placeholder grants its own platform, the rest unchanged', () => {
    saveConsent({ ...uniformChoice(false), analytics: true });
    grantConsent('soundcloud');
    expect(readConsent()).toEqual({ ...uniformChoice(false), analytics: true, soundcloud: true });
  });

  test('the footer link asks for the settings by an event', () => {
    const open = vi.fn();
    window.addEventListener(CONSENT_OPEN_EVENT, open);
    openConsentSettings();
    window.removeEventListener(CONSENT_OPEN_EVENT, open);
    expect(open).toHaveBeenCalledOnce();
  });
});
