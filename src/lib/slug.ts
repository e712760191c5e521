/**
 * French words dropped from slugs: articles, elided forms (l', d', qu'…), common prepositions,
 * conjunctions and demonstratives. Compared after accent removal, so "à" is covered by "a".
 */
export const SLUG_STOP_WORDS: ReadonlySet<string> = new Set([
  'le',
  'la',
  'les',
  'l',
  'un',
  'une',
  'des',
  'du',
  'de',
  'd',
  'au',
  'aux',
  'a',
  'et',
  'ou',
  'en',
  'pour',
  'par',
  'sur',
  'dans',
  'avec',
  'chez',
  'ce',
  'cet',
  'cette',
  'ces',
  'se',
  's',
  'sa',
  'son',
  'ses',
  'leur',
  'leurs',
  'qui',
  'que',
  'qu',
  'dont',
  'y',
]);

/** Characters that cannot be decomposed by Unicode normalisation but have an obvious ASCII form. */
const LIGATURES: Readonly<Record<string, string>> = {
  œ: 'oe',
  Œ: 'OE',
  æ: 'ae',
  Æ: 'AE',
  ß: 'ss',
};

/**
 * Builds a URL slug from a title (spec section 5), in this order:
 * 1. parenthesised text removed (nested parentheses included);
 * 2. camel-case boundaries split ("IntraCom" -> "Intra Com", "TVAIntracom" -> "TVA Intracom"),
 *    which must happen while the case is still known;
 * 3. ampersand turned into "-and-";
 * 4. accents (and ligatures) removed, then lowercased;
 * 5. whitespace, apostrophes and underscores become hyphens (the underscore separates slug and id
 *    in article URLs, so it cannot stay), every other character outside [a-z0-9-] is removed;
 * 6. French stop words dropped, repeated hyphens collapsed, leading/trailing hyphens trimmed.
 *
 * May return an empty string when the text holds only stop words or punctuation.
 */
export function slugify(text: string): string {
  const words = removeParenthesised(text)
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/&/g, '-and-')
    .replace(/[œŒæÆß]/g, (char) => LIGATURES[char] ?? char)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s'’_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .split('-');
  return words.filter((word) => word !== '' && !SLUG_STOP_WORDS.has(word)).join('-');
}

function removeParenthesised(text: string): string {
  let current = text;
  let previous: string;
  do {
    previous = current;
    current = current.replace(/\([^()]*\)/g, ' ');
  } while (current !== previous);
  return current;
}
