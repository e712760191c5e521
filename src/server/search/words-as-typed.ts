import { SLUG_STOP_WORDS } from '@/lib/slug';

/**
 * The words of a search as the reader typed them, as regular expressions (PostgreSQL's `~*`) that find each in a
 * title or summary whatever its case and accents, singular or plural (a final s or x), and nothing else: the
 * French stemmer reads « paie » and « paiement » as one word (« pai »), these patterns do not. The ranking puts the
 * rows whose heading holds every such word first (query-building.ts).
 *
 * Regular expressions rather than a second text search configuration: parsing each candidate's title and summary
 * with the dictionaries again tripled the time of a search of a common word (2,000 candidates), matching them costs
 * about as much as ts_rank.
 */

/** Accented forms of a letter, both cases (`~*` folds ASCII only under the C locale). */
const LETTER_FORMS: Readonly<Record<string, string>> = {
  a: 'aàâäáãAÀÂÄÁÃ',
  c: 'cçCÇ',
  e: 'eéèêëEÉÈÊË',
  i: 'iîïíIÎÏÍ',
  n: 'nñNÑ',
  o: 'oôöóOÔÖÓ',
  u: 'uùûüúUÙÛÜÚ',
  y: 'yÿYŸ',
};

/** A word's edge: anything but a letter or a digit (`\m` and `\M` do not count accented letters as letters). */
const OUTSIDE_WORD = '[^0-9A-Za-z\\u00c0-\\u024f]';
/** At most this many words rank a row: the search itself takes 12 (MAX_QUERY_WORDS). */
const MAX_WORDS = 12;

export function wordsAsTypedPatterns(term: string): string[] {
  const folded = term
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr');
  const words = folded
    // An excluded word (-mot) cannot be in the rows found; « or » joins alternatives.
    .split(/\s+/)
    .filter((token) => !token.startsWith('-') && token.replace(/"/g, '') !== 'or')
    .flatMap((token) => token.split(/[^0-9a-z-]+/))
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter((word) => word.length > 1 && !SLUG_STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, MAX_WORDS).map(pattern);
}

function pattern(word: string): string {
  const singular = word.length > 3 ? word.replace(/[sx]$/, '') : word;
  const letters = [...singular].map((letter) => {
    const forms = LETTER_FORMS[letter];
    return forms ? `[${forms}]` : letter;
  });
  return `(^|${OUTSIDE_WORD})${letters.join('')}[sx]?(${OUTSIDE_WORD}|$)`;
}
