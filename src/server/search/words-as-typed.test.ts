import { describe, expect, it } from 'vitest';
import { wordsAsTypedPatterns } from './words-as-typed';

/** The patterns as JavaScript regular expressions (same syntax for what they use, `\u` escapes included). */
const finds = (term: string, heading: string) =>
  wordsAsTypedPatterns(term).every((pattern) => new RegExp(pattern, 'iu').test(heading));

describe('words as typed', () => {
  it('find a word whatever its case, accents and number, and not its longer forms', () => {
    expect(finds('paie', 'Bulletin de PAIE')).toBe(true);
    expect(finds('paie', 'Les paies de décembre')).toBe(true);
    expect(finds('paie', 'Le paiement des cotisations')).toBe(false);
    expect(finds('impot', 'Impôts : la déclaration')).toBe(true);
    expect(finds('impôts', 'L’impôt sur le revenu')).toBe(true);
    expect(finds('ÉCONOMIE', 'une économie')).toBe(true);
  });

  it('need every word typed, stop words and excluded words apart', () => {
    expect(finds('bulletin de paie', 'Le bulletin simplifié : la paie')).toBe(true);
    expect(finds('bulletin de paie', 'Le bulletin officiel')).toBe(false);
    expect(finds('paie -paiement', 'La paie')).toBe(true);
    expect(wordsAsTypedPatterns('"le" or "la" -de')).toEqual([]);
    expect(wordsAsTypedPatterns('')).toEqual([]);
  });

  it('keep hyphenated words whole and split elisions', () => {
    expect(finds('assurance-vie', 'Une assurance-vie')).toBe(true);
    expect(finds('assurance-vie', 'Une assurance sur la vie')).toBe(false);
    expect(finds("crédit d'impôt", 'Crédit d’impôt innovation')).toBe(true);
  });

  it('bound the words, and read what a reader types as words, never as pattern syntax', () => {
    expect(wordsAsTypedPatterns(Array.from({ length: 30 }, (_, i) => `mot${i}`).join(' '))).toHaveLength(12);
    expect(wordsAsTypedPatterns('tva.taux* (bail) [loyer]|^$ {x}+?\\')).toEqual(
      wordsAsTypedPatterns('tva taux bail loyer'),
    );
  });
});
