/**
 * Which kept searches an article change may alter (docs/decisions/078-searches-refreshed-by-their-words.md).
 *
 * The page cache keeps search pages (`/search`, by URL) and suggestion lists (`/api/search/suggest`, by term) for
 * a minute. A publication or a correction refreshes only those whose answer the changed article's text may change;
 * what the article showed before is covered apart (a search page carries the `article:` tags of what it lists, a
 * suggestion list is refreshed when a phrase it offers left the suggestions). The test is conservative: refreshing
 * a copy that did not change costs a render, leaving one that changed shows readers an outdated answer. Every
 * word, stem and similarity is computed by the database with the engine's own functions (change-facts.ts), once per
 * change, so that the text is cut and folded here exactly as the engine does; this module only compares.
 */

import { SUGGEST_MIN_CHARS } from '@/lib/constants';

/** What a kept copy answered for, as the page cache notes it when it stores the copy. */
export type KeptSearch =
  | { kind: 'page'; term: string }
  | { kind: 'suggestions'; term: string; offered: readonly string[] };

/** A kept term as the engine reads it. */
export type TermFacts = {
  /** Its lexemes (the search's configuration: stop words out, accents folded, French stems). */
  lexemes: readonly string[];
  /** One of its lexemes is unknown to the dictionary: the search may have been corrected to a similar one. */
  unknownLexeme: boolean;
  /** A legal reference: the search lists the documents citing it first, whatever their words. */
  reference: boolean;
  /** Normalised as the suggestions compare it (lower case, no accents, single spaces). */
  normalized: string;
  /** Its words as the suggestions' word prefixes read them. */
  words: readonly string[];
};

/** What one read of the database says about a change and the kept terms (change-facts.ts). */
export type ChangeFacts = {
  /** The lexemes of the changed articles' search vectors, as public now (title, chapô, body). */
  lexemes: ReadonlySet<string>;
  /** The changed articles' titles as the suggestions hold them: normalised, and their words. */
  titles: readonly { normalized: string; words: readonly string[] }[];
  /** Each kept term (as the copy noted it). */
  terms: ReadonlyMap<string, TermFacts>;
  /** The suggestion terms to which a changed title is similar by trigrams (the suggestions' typo tier). */
  similarTerms: ReadonlySet<string>;
  /** The phrases offered by kept suggestion lists that are no longer suggestions (an old title gone). */
  goneOffers: ReadonlySet<string>;
};

/** A word excluded (`-mot`, websearch syntax): `-tva` alone matches every article without the word. */
const EXCLUSION = /(?:^|\s)-/;

/**
 * True when the changed articles may change the kept copy's answer. A search page: its term has no lexeme (every
 * article matches), excludes a word (an article may match by not holding it), is a legal reference, has a lexeme
 * the dictionary does not know (it may have been corrected, and the dictionary changed), or shares a lexeme with
 * an article (otherwise an article matches a search only if it holds one of its lexemes; phrases, `or` and facets
 * only narrow). A suggestion list: a changed title starts with the
 * term, holds a word starting with each of its words, or is similar to it by trigrams (the suggestions' three
 * tiers), or a phrase it offers is gone.
 */
export function mayChangeKeptSearch(copy: KeptSearch, facts: ChangeFacts): boolean {
  const term = facts.terms.get(copy.term);
  if (!term) return true;
  if (copy.kind === 'page') {
    if (term.lexemes.length === 0 || term.reference || term.unknownLexeme || EXCLUSION.test(copy.term))
      return true;
    return term.lexemes.some((lexeme) => facts.lexemes.has(lexeme));
  }
  // Under SUGGEST_MIN_CHARS characters the answer is always empty.
  if (Array.from(copy.term).length < SUGGEST_MIN_CHARS) return false;
  if (copy.offered.some((phrase) => facts.goneOffers.has(phrase))) return true;
  if (facts.similarTerms.has(copy.term)) return true;
  return facts.titles.some(
    (title) =>
      title.normalized.startsWith(term.normalized) ||
      (term.words.length > 0 &&
        term.words.every((word) => title.words.some((titleWord) => titleWord.startsWith(word)))),
  );
}
