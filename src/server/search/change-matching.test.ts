import { describe, expect, it } from 'vitest';
import { type ChangeFacts, type KeptSearch, mayChangeKeptSearch, type TermFacts } from './change-matching';

/** A term as the database reads it (change-facts.ts): lexemes stemmed, words for the suggestions' prefixes. */
function term(lexemes: string[], normalized: string, more: Partial<TermFacts> = {}): TermFacts {
  return {
    lexemes,
    unknownLexeme: false,
    reference: false,
    normalized,
    words: normalized.split(' ').filter(Boolean),
    ...more,
  };
}

/** A publication of « Titres-restaurant : le plafond relevé » and the terms of the copies kept before it. */
const FACTS: ChangeFacts = {
  lexemes: new Set(['titr', 'restaur', 'titres-restaur', 'plafond', 'relev', 'journali', 'utilis']),
  titles: [
    {
      normalized: 'titres-restaurant : le plafond releve',
      words: ['titres-restaurant', 'titres', 'restaurant', 'le', 'plafond', 'releve'],
    },
  ],
  terms: new Map([
    ['plafonds', term(['plafond'], 'plafonds')],
    ['Plafond relevé', term(['plafond', 'relev'], 'plafond releve')],
    ['licenciement économique', term(['licenci', 'econom'], 'licenciement economique')],
    ['le', term([], 'le')],
    ['', term([], '')],
    ['zephyrinade', term(['zephyrinad'], 'zephyrinade', { unknownLexeme: true })],
    ['L1233-3', term(['l1233', '-3'], 'l1233-3', { reference: true })],
    ['titres-rest', term(['titres-rest', 'titr', 'rest'], 'titres-rest')],
    ['plaf rel', term(['plaf', 'rel'], 'plaf rel')],
    ['plaf lic', term(['plaf', 'lic'], 'plaf lic')],
    ['restaurnt', term(['restaurnt'], 'restaurnt')],
    ['bail comm', term(['bail', 'comm'], 'bail comm')],
    ['ti', term(['ti'], 'ti')],
    ['-licenciement', term(['licenci'], '-licenciement')],
    ['congés -licenciement', term(['conge', 'licenci'], 'conges -licenciement')],
    [
      'rupture-conventionnelle',
      term(['rupture-conventionnel', 'ruptur', 'conventionnel'], 'rupture-conventionnelle'),
    ],
  ]),
  similarTerms: new Set(['restaurnt']),
  goneOffers: new Set(['Titres-restaurant : la limite relevée']),
};

const page = (text: string): KeptSearch => ({ kind: 'page', term: text });
const suggestions = (text: string, offered: string[] = []): KeptSearch => ({
  kind: 'suggestions',
  term: text,
  offered,
});

describe('which kept search pages an article change refreshes', () => {
  it('refreshes a search sharing a stem with the article, whatever the ending or accents typed', () => {
    expect(mayChangeKeptSearch(page('plafonds'), FACTS)).toBe(true);
    expect(mayChangeKeptSearch(page('Plafond relevé'), FACTS)).toBe(true);
  });

  it('leaves alone a search none of whose stems the article holds', () => {
    expect(mayChangeKeptSearch(page('licenciement économique'), FACTS)).toBe(false);
  });

  it('refreshes a search every article matches (no word, or only stop words)', () => {
    expect(mayChangeKeptSearch(page(''), FACTS)).toBe(true);
    expect(mayChangeKeptSearch(page('le'), FACTS)).toBe(true);
  });

  it('refreshes a search excluding a word, which an article matches by not holding it', () => {
    expect(mayChangeKeptSearch(page('-licenciement'), FACTS)).toBe(true);
    expect(mayChangeKeptSearch(page('congés -licenciement'), FACTS)).toBe(true);
    // A hyphen inside a word excludes nothing.
    expect(mayChangeKeptSearch(page('rupture-conventionnelle'), FACTS)).toBe(false);
  });

  it('refreshes a search with a word the dictionary does not know (it may have been corrected) and a legal reference', () => {
    expect(mayChangeKeptSearch(page('zephyrinade'), FACTS)).toBe(true);
    expect(mayChangeKeptSearch(page('L1233-3'), FACTS)).toBe(true);
  });

  it('refreshes a copy whose term the read did not cover', () => {
    expect(mayChangeKeptSearch(page('inconnu du relevé'), FACTS)).toBe(true);
  });
});

describe('which kept suggestion lists an article change refreshes', () => {
  it('refreshes a list whose term starts the new title, or whose words each start a word of it', () => {
    expect(mayChangeKeptSearch(suggestions('titres-rest'), FACTS)).toBe(true);
    expect(mayChangeKeptSearch(suggestions('plaf rel'), FACTS)).toBe(true);
  });

  it('leaves alone a list one of whose words starts no word of the title', () => {
    expect(mayChangeKeptSearch(suggestions('plaf lic'), FACTS)).toBe(false);
    expect(mayChangeKeptSearch(suggestions('bail comm', ['Bail commercial']), FACTS)).toBe(false);
  });

  it('leaves alone a list under three characters: it is always empty', () => {
    expect(mayChangeKeptSearch(suggestions('ti'), FACTS)).toBe(false);
  });

  it('refreshes a list the title is similar to (a typo), and one offering a phrase no longer suggested', () => {
    expect(mayChangeKeptSearch(suggestions('restaurnt'), FACTS)).toBe(true);
    expect(
      mayChangeKeptSearch(suggestions('bail comm', ['Titres-restaurant : la limite relevée']), FACTS),
    ).toBe(true);
  });
});
