import { describe, expect, test } from 'vitest';
import { NEWS_TOPICS, SIMULATOR_TOPICS } from './constants';
import { featuredMementos, mainNavigation, TRADE_OPTIONS } from './navigation';
import { shopLinks } from './shop-links';

describe('shopLinks', () => {
  const shop = shopLinks('https://boutique.test/');

  test('builds every outbound link from the base URL', () => {
    for (const [name, link] of Object.entries(shop)) {
      if (typeof link === 'string') expect(link, name).toMatch(/^https:\/\/boutique\.test\/(?!\/)/);
    }
    expect(shop.login).toBe('https://boutique.test/customer/account/login/');
    expect(shop.forgotPassword).toBe('https://boutique.test/customer/account/forgotpassword/');
  });

  test('catalogue search, free trial and subscriber documents take their parameter encoded', () => {
    expect(shop.catalogSearch('TVA & IS')).toBe('https://boutique.test/catalogsearch/result/?q=TVA+%26+IS');
    expect(shop.freeTrial('MEM-FIS')).toBe('https://boutique.test/essai-gratuit.html?sku=MEM-FIS');
    expect(shop.subscriberDocument('ab 12')).toBe('https://boutique.test/abonnes/document/?id=ab+12');
    expect(shop.product('memento.html')).toBe('https://boutique.test/memento.html');
  });
});

describe('navigation', () => {
  test('the main entries in order, Shop last as the mega-menu', () => {
    const entries = mainNavigation(shopLinks('https://boutique.test'), SIMULATOR_TOPICS);
    expect(entries.map((entry) => entry.label)).toEqual([
      'Actualités',
      'Nos offres',
      'Essais gratuits',
      'Ressources',
      'Chiffres et taux',
      'Agenda',
      'Simulateurs',
      'Boutique',
    ]);
    expect(entries.at(-1)?.mega).toBe(true);
  });

  test('three featured mementos', () => {
    expect(featuredMementos(shopLinks('https://boutique.test'))).toHaveLength(3);
  });

  test('ten trades: all (empty) then the nine', () => {
    expect(TRADE_OPTIONS.map((trade) => trade.slug)).toEqual(['', ...NEWS_TOPICS, 'finance']);
    expect(TRADE_OPTIONS.every((trade) => trade.label !== trade.slug)).toBe(true);
  });
});
