import { describe, expect, it } from 'vitest';
import { SLUG_STOP_WORDS, slugify } from './slug';

describe('slugify', () => {
  it('lowercases', () => {
    expect(slugify('TVA IMMOBILIERE')).toBe('tva-immobiliere');
  });

  it('removes accents and ligatures', () => {
    expect(slugify('Évolution très forte des cœurs')).toBe('evolution-tres-forte-coeurs');
    expect(slugify('Ça déçoit à Noël')).toBe('ca-decoit-noel');
  });

  it('removes parenthesised text, nested included', () => {
    expect(slugify('Loi de finances (LF 2025) adoptée')).toBe('loi-finances-adoptee');
    expect(slugify('Crédit (impôt (CIR) recherche) élargi')).toBe('credit-elargi');
  });

  it('splits camel-case boundaries before lowercasing', () => {
    expect(slugify('MaPrimeRénov')).toBe('ma-prime-renov');
    expect(slugify('TVAIntracommunautaire')).toBe('tva-intracommunautaire');
    expect(slugify('ÉtéFiscal')).toBe('ete-fiscal');
  });

  it('turns an ampersand into -and-', () => {
    expect(slugify('Fusions&Acquisitions')).toBe('fusions-and-acquisitions');
    expect(slugify('Fusions & acquisitions')).toBe('fusions-and-acquisitions');
  });

  it('turns spaces into hyphens and removes other non-word characters', () => {
    expect(slugify('Taux : 1,5 % ! ?')).toBe('taux-15');
    expect(slugify('SMIC 2025 — revalorisé')).toBe('smic-2025-revalorise');
  });

  it('treats apostrophes and underscores as separators so elided stop words drop', () => {
    expect(slugify("L'impôt sur l’entreprise d'aujourd'hui")).toBe('impot-entreprise-aujourd-hui');
    expect(slugify('taux_reduit')).toBe('taux-reduit');
  });

  it('drops French stop words', () => {
    expect(slugify('Le taux de la TVA pour les associations et à la une')).toBe('taux-tva-associations');
    for (const word of ['le', 'la', 'les', 'de', 'des', 'du', 'un', 'une', 'et', 'en', 'au', 'aux', 'a']) {
      expect(SLUG_STOP_WORDS.has(word)).toBe(true);
    }
  });

  it('collapses repeated hyphens and trims them', () => {
    expect(slugify('  --Barème -- kilométrique--  ')).toBe('bareme-kilometrique');
  });

  it('returns an empty string when nothing meaningful remains', () => {
    expect(slugify('Le (la) !')).toBe('');
  });

  it('produces only letters, digits and single inner hyphens', () => {
    expect(slugify("Réforme d'ampleur : l'URSSAF & la DGFiP (2024) s'accordent_enfin")).toMatch(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
    );
  });
});
