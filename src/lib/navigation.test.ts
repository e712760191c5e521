import { describe, expect, test } from 'vitest';
import { allNewsOf } from './navigation';

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
