import { describe, expect, it } from 'vitest';
import { accountLinks } from './account-links';
import { shopLinks } from './shop-links';

describe('accountLinks', () => {
  const shop = shopLinks('https://boutique.example.test');

  it('points to this site when the accounts live here', () => {
    expect(accountLinks('site', shop)).toEqual({
      forgotPassword: '/mot-de-passe-oublie',
      account: '/mon-compte',
    });
  });

  it("points to the shop's pages when the shop owns the accounts", () => {
    expect(accountLinks('shop', shop)).toEqual({
      forgotPassword: 'https://boutique.example.test/customer/account/forgotpassword/',
      account: 'https://boutique.example.test/customer/account/',
    });
  });
});
