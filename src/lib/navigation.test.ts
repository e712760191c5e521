import { describe, expect, test } from 'vitest';
import { SIMULATOR_TOPICS } from './constants';
import { allNewsOf, mainNavigation } from './navigation';
import { shopLinks } from './shop-links';

describe('allNewsOf', () => {
  test('the adjective agrees with « actualité »', () => {
    expect(allNewsOf('Fiscal')).toBe('Toute l’actualité fiscale');
    expect(allNewsOf('Social')).toBe('Toute l’actualité sociale');
    expect(allNewsOf('Immobilier')).toBe('Toute l’actualité immobilière');
    expect(allNewsOf('Affaires')).toBe('Toute l’actualité des affaires');
  });
  test('a subject without a known form keeps its label', () => {
    expect(allNewsOf('OHADA')).toBe('Toute l’actualité : OHADA');
  });
});

describe('mainNavigation', () => {
  const simulatorsMenu = (simulatorTopics: readonly string[]) =>
    mainNavigation(shopLinks('https://boutique.test'), simulatorTopics).find(
      (entry) => entry.label === 'Simulateurs',
    )?.children;

  test('the « Simulateurs » menu lists only the families that hold a published simulator, in the usual order', () => {
    expect(simulatorsMenu(['finance', 'fiscal', 'social'])).toEqual([
      { label: 'Tous les simulateurs', href: '/simulateurs' },
      { label: 'Fiscal', href: '/simulateurs/fiscal' },
      { label: 'Social', href: '/simulateurs/social' },
      { label: 'Finance', href: '/simulateurs/finance' },
    ]);
  });

  test('every family when each holds a simulator; only « Tous les simulateurs » when none does', () => {
    expect(simulatorsMenu(SIMULATOR_TOPICS)?.map((link) => link.href)).toEqual([
      '/simulateurs',
      '/simulateurs/fiscal',
      '/simulateurs/social',
      '/simulateurs/finance',
      '/simulateurs/affaires',
    ]);
    expect(simulatorsMenu([])).toEqual([{ label: 'Tous les simulateurs', href: '/simulateurs' }]);
  });
});
