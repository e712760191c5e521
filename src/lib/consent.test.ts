import { describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES, parseConsent, serializeConsent, uniformChoice } from './consent';
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
