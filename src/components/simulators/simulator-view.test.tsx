import { describe, expect, test } from 'vitest';
import { yearNotice } from './simulator-view';

const source = {
  title: 'Barème kilométrique 2025 de l’administration fiscale',
  reference: 'BOI-BAREME-000001',
  year: 2025,
  url: 'https://example.test',
  validity: 'celui de 2025 est le dernier publié.',
};

describe('yearNotice', () => {
  test('a title of another year says which year’s rules apply, and why', () => {
    expect(yearNotice('Simulateur des frais kilométriques 2026', source)).toBe(
      'Pour 2026, ce simulateur applique les règles de 2025 : celui de 2025 est le dernier publié. ',
    );
  });
  test('nothing when the years agree or the title names none', () => {
    expect(yearNotice('Simulateur des frais kilométriques 2025', source)).toBeNull();
    expect(yearNotice('Simulateur des frais kilométriques', source)).toBeNull();
  });
});
