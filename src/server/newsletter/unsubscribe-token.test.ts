import { describe, expect, it } from 'vitest';
import {
  oneClickUnsubscribeUrl,
  unsubscribePageUrl,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from './unsubscribe-token';

const KEY = 'une-cle-de-test-suffisamment-longue-pour-signer';

describe('unsubscribe tokens', () => {
  it('verifies the token of the same address, however it is written', () => {
    const token = unsubscribeToken('Lecteur@Example.fr ', KEY);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken('lecteur@example.fr', token, KEY)).toBe(true);
  });

  it('refuses another address, another key, a tampered or missing token', () => {
    const token = unsubscribeToken('lecteur@example.fr', KEY);
    expect(verifyUnsubscribeToken('autre@example.fr', token, KEY)).toBe(false);
    expect(verifyUnsubscribeToken('lecteur@example.fr', token, `${KEY}-autre`)).toBe(false);
    expect(verifyUnsubscribeToken('lecteur@example.fr', `${token.slice(0, -1)}A`, KEY)).toBe(false);
    expect(verifyUnsubscribeToken('lecteur@example.fr', undefined, KEY)).toBe(false);
    expect(verifyUnsubscribeToken('lecteur@example.fr', 'court', KEY)).toBe(false);
  });

  it('builds the page and one-click links with the encoded address and its token', () => {
    const page = new URL(unsubscribePageUrl('Marie+news@example.fr', 'https://site.test'));
    expect(page.pathname).toBe('/unsubscribe/marie%2Bnews%40example.fr');
    expect(verifyUnsubscribeToken('marie+news@example.fr', page.searchParams.get('token'))).toBe(true);
    const oneClick = new URL(oneClickUnsubscribeUrl('marie+news@example.fr', 'https://site.test'));
    expect(oneClick.pathname).toBe('/unsubscribe/marie%2Bnews%40example.fr/one-click');
  });
});
