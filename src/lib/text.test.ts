import { describe, expect, it } from 'vitest';
import { ELLIPSIS, truncateAtWord } from './text';

describe('truncateAtWord', () => {
  it('returns a text that fits whole, without ellipsis', () => {
    expect(truncateAtWord('Le taux de TVA', 14)).toBe('Le taux de TVA');
    expect(truncateAtWord('Court', 270)).toBe('Court');
  });

  it('collapses whitespace', () => {
    expect(truncateAtWord('  Le   taux\n\nde TVA ', 100)).toBe('Le taux de TVA');
  });

  it('cuts at the last word boundary and adds an ellipsis', () => {
    expect(truncateAtWord('Le taux réduit de TVA', 12)).toBe('Le taux…');
  });

  it('keeps a word that ends exactly at the cut', () => {
    expect(truncateAtWord('Le taux réduit de TVA', 15)).toBe('Le taux réduit…');
  });

  it('drops punctuation left before the ellipsis', () => {
    expect(truncateAtWord('Le taux, le barème et le plafond', 9)).toBe('Le taux…');
    expect(truncateAtWord('Le taux, le barème et le plafond', 12)).toBe('Le taux, le…');
    expect(truncateAtWord('Fin. Début de la suite', 8)).toBe('Fin…');
  });

  it('cuts inside a single word longer than the limit', () => {
    expect(truncateAtWord('Anticonstitutionnellement', 10)).toBe('Anticonst…');
  });

  it('never cuts a surrogate pair in two', () => {
    expect(truncateAtWord('ab😀cdef', 4)).toBe('ab…');
  });

  it('never exceeds the limit, ellipsis included', () => {
    const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.';
    for (let max = 0; max <= text.length + 2; max += 1) {
      const result = truncateAtWord(text, max);
      expect(result.length).toBeLessThanOrEqual(max);
      if (result.length < text.length && result !== '') expect(result.endsWith(ELLIPSIS)).toBe(true);
    }
  });

  it('gives an empty text below the ellipsis length', () => {
    expect(truncateAtWord('Texte', 0)).toBe('');
  });
});
