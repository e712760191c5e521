import 'server-only';
import { REFERENCE_KIND_CODES } from '@/lib/legal-reference-kinds';
import { LEGAL_CODES, type LegalCode } from './codes';

/**
 * Legal references in French text: code articles, BOFiP identifiers, court decisions, statutes and EU texts,
 * each with its canonical key and its place in the text. Pure functions, no network, nothing guessed: an
 * article without its code, "l'article précité" or a bare number give nothing (an article that looks like one
 * but whose code is missing or unknown is reported apart, as unresolved).
 */

export const REFERENCE_KINDS = REFERENCE_KIND_CODES;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

type DetectedReference = {
  kind: ReferenceKind;
  key: string;
  /** Offsets in the text (UTF-16 code units, end excluded) and the text between them. */
  start: number;
  end: number;
  display: string;
  /** Set on the two ends of "L. 1233-3 à L. 1233-5". */
  range?: 'from' | 'to';
};

type UnresolvedReference = { start: number; end: number; display: string };

export type Detection = { references: DetectedReference[]; unresolved: UnresolvedReference[] };

// ---------------------------------------------------------------------------------------------------------
// Folding: one character for one, so every offset in the folded text is the same in the original.

const FOLDED: Record<string, string> = {
  á: 'a',
  à: 'a',
  â: 'a',
  ä: 'a',
  é: 'e',
  è: 'e',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  ô: 'o',
  ö: 'o',
  ù: 'u',
  û: 'u',
  ü: 'u',
  ç: 'c',
  À: 'A',
  Â: 'A',
  É: 'E',
  È: 'E',
  Ê: 'E',
  Î: 'I',
  Ô: 'O',
  Û: 'U',
  Ç: 'C',
  '’': "'",
  '‘': "'",
  ʼ: "'",
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\t': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  º: '°',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'g');

/** Accents dropped, apostrophes, spaces and hyphens unified: the same length as `text`. */
export function foldForMatching(text: string): string {
  return text.replace(FOLDABLE, (character) => FOLDED[character] ?? character);
}

// ---------------------------------------------------------------------------------------------------------
// Building blocks (on folded text)

const LATIN_SUFFIXES =
  'bis|ter|quater|quinquies|sexies|septies|octies|nonies|novies|decies|undecies|duodecies|terdecies|' +
  'quaterdecies|quindecies|sexdecies|septdecies|octodecies|novodecies|vicies|unvicies|duovicies|tervicies|' +
  'quatervicies|quinvicies|sexvicies|septvicies|octovicies|novovicies|tricies';

/**
 * An article number: letter prefix ("L.", "R ", "LO"), number ("1233-3", "150-0"), then Latin suffixes,
 * "-0" and capital letters ("199 undecies B", "46 quater-0 ZZ bis"). A capital followed by ". " and a lower
 * case letter starts an abbreviation ("C. trav."), not a suffix.
 */
const ARTICLE_NUMBER = new RegExp(
  '(?:(LO|L|R|D|A)\\.? ?(?:\\* ?)?|([lrd])(?=\\d))?' +
    '(\\d{1,4}(?:-\\d{1,3})*)(?![\\d,.]\\d)(er(?![a-z]))?' +
    `((?:[ -](?:(?:${LATIN_SUFFIXES})(?![A-Za-z])|0(?!\\d)|[A-Z]{1,2}(?![\\p{L}\\d'])(?!\\. ?[a-z])))*)`,
  'uy',
);

const ROMAN = '[IVX]{1,5}';
const DEGREE = '\\d{1,2}(?:-\\d{1,2})*°';
const PARAGRAPH = 'al(?:\\.|inea) ?\\d{1,2}';
const SUBDIVISION_PART = `(?:${ROMAN}|${DEGREE}|${PARAGRAPH}|[a-z]\\)|\\d{1,2}-[a-z](?: (?:${LATIN_SUFFIXES}))?|[a-z] (?:${LATIN_SUFFIXES}))(?![\\p{L}\\d])`;
/** ", 1-1°", ", I", ", al. 2", " 2°": kept in the display, never in the key. */
const SUBDIVISION = new RegExp(
  `(?:, ?(?:${SUBDIVISION_PART}|\\d{1,2} (?:bis|ter|quater)(?![a-z]))| (?:${DEGREE}|${PARAGRAPH}))` +
    `(?:(?:, ?| |-)(?:${SUBDIVISION_PART}|[a-z](?![\\p{L}\\d])))*`,
  'uy',
);

function spellingPattern(spelling: string): string {
  return spelling.replaceAll(' ?', '\\s*').replaceAll(' ', '\\s+');
}

/** Every code spelling, one capture group per code, in LEGAL_CODES' order. */
const CODE_ALTERNATIVES = LEGAL_CODES.map(
  (entry) => `(${entry.spellings.map(spellingPattern).join('|')})`,
).join('|');
const CODE_END = '(?:(?<=\\.)|(?![\\p{L}\\d]))';
const SAME_CODE = '(?:meme code|meme livre|dudit code|de ce code|du present code|code precite)';

/** The code after an article: ", du Code du travail", " CGI", " de l'annexe III au CGI", " du même code". */
const CODE_AFTER = new RegExp(
  `,?\\s*(?:(?:du|de la|de l'|des|de|au|a la|en)\\s*)?(?:(${SAME_CODE})|(?<![\\p{L}\\d])(?:${CODE_ALTERNATIVES})${CODE_END})`,
  'iuy',
);
/** What looks like a code but is none we know: "du C.", "du code", "C. env.". */
const UNKNOWN_CODE_AFTER =
  /,?\s*(?:(?:du|de la|de l')\s*)?(?:C\.(?:\s?[a-z]{2,}\.)*|code\b(?:\s+d[eu][a-z' ]{0,40})?)/iuy;
/** The code before its articles: "CGI, art. 39", "C. trav., art. L. 1233-3", "CGI ann. III art. 2". */
const CODE_BEFORE = new RegExp(
  `(?<![\\p{L}\\d])(?:${CODE_ALTERNATIVES})${CODE_END},?\\s*(?:art\\.|arts\\.|articles?)\\s*`,
  'giu',
);
const ARTICLE_WORD = /(?<![\p{L}\d])(?:articles?|arts?\.)\s*/giu;
/** A letter-prefixed number without "article": "L. 1233-3 du Code du travail". */
const PREFIXED_NUMBER = /(?<![\p{L}\d.])(?=(?:LO|L|R|D)\.? ?\d)/gu;

/** Between two articles of one list; "à" makes a range. "et suivants" ends the list. */
const LIST_SEPARATOR =
  /(?:,? (?:et|ou) (?:(?:a )?l'article |(?:aux? |les )?articles? |art\. )?|, ?(?:(?:l'|les )?articles? |art\. )?|(?: a | - ))(?!suivants|s\.)/uy;
const AND_FOLLOWING = /,? et (?:suivants|s\.)/uy;
const RANGE_SEPARATOR = /^(?: a | - )$/u;

function codeAt(match: RegExpExecArray, offset: number): LegalCode | undefined {
  for (let index = 0; index < LEGAL_CODES.length; index++) {
    if (match[offset + index] !== undefined) return LEGAL_CODES[index];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Code articles

type ArticleItem = { key: string; start: number; end: number; prefixed: boolean; range?: 'from' | 'to' };
type ParsedList = {
  items: { item: ArticleItem; code: LegalCode | undefined; unknownCode: boolean }[];
  end: number;
};

function articleKey(match: RegExpExecArray): string {
  const prefix = (match[1] ?? match[2] ?? '').toLowerCase();
  const number = match[3] ?? '';
  const first = match[4] ? `${number}er` : number;
  const suffixes = (match[5] ?? '')
    .split(/[ -]+/)
    .filter(Boolean)
    .map((part) => `-${part.toLowerCase()}`)
    .join('');
  return `${prefix}${first}${suffixes}`;
}

function stickyAt(pattern: RegExp, text: string, position: number): RegExpExecArray | null {
  pattern.lastIndex = position;
  return pattern.exec(text);
}

/**
 * Reads "39 et 40 du CGI, L. 16 B du LPF" from `position`: each article with the code that follows it (the
 * next code mentioned applies to every article since the previous one), or `defaultCode` (code-first forms).
 */
function parseArticleList(
  folded: string,
  anchorStart: number,
  position: number,
  defaultCode: LegalCode | undefined,
  lastCode: { value: LegalCode | undefined },
): ParsedList | null {
  const items: ParsedList['items'] = [];
  let pending: ArticleItem[] = [];
  let cursor = position;
  let nextRange: 'to' | undefined;
  let end = position;
  const settle = (code: LegalCode | undefined, unknownCode: boolean, codeEnd?: number) => {
    // An article alone before its code shows with it: "L. 16 B du LPF".
    const [only] = pending;
    if (only && pending.length === 1 && codeEnd !== undefined) {
      only.end = codeEnd;
      if (items.length === 0) only.start = anchorStart;
    }
    for (const item of pending) items.push({ item, code, unknownCode });
    pending = [];
  };
  for (;;) {
    const number = stickyAt(ARTICLE_NUMBER, folded, cursor);
    if (!number) break;
    const item: ArticleItem = {
      key: articleKey(number),
      start: cursor,
      end: cursor + number[0].length,
      prefixed: Boolean(number[1] ?? number[2]),
    };
    if (nextRange) {
      item.range = nextRange;
      const previous = pending.at(-1) ?? items.at(-1)?.item;
      if (previous) previous.range = 'from';
      nextRange = undefined;
    }
    cursor = item.end;
    const subdivision = stickyAt(SUBDIVISION, folded, cursor);
    if (subdivision) {
      cursor += subdivision[0].length;
      item.end = cursor;
    }
    pending.push(item);
    end = cursor;
    const following = stickyAt(AND_FOLLOWING, folded, cursor);
    if (following) cursor += following[0].length;
    // A code-first list ("CSS art. L. 242-1, C. trav. art. L. 3221-3") ends where another code starts.
    const code = defaultCode ? null : stickyAt(CODE_AFTER, folded, cursor);
    if (code) {
      const named = code[1] ? lastCode.value : codeAt(code, 2);
      cursor += code[0].length;
      settle(named, named === undefined, cursor);
      if (named) lastCode.value = named;
      end = cursor;
    } else if (!defaultCode) {
      const unknown = stickyAt(UNKNOWN_CODE_AFTER, folded, cursor);
      if (unknown && /[cC]/.test(unknown[0])) {
        settle(undefined, true);
        cursor += unknown[0].length;
        end = cursor;
      }
    }
    const separator = stickyAt(LIST_SEPARATOR, folded, cursor);
    if (!separator) break;
    const afterSeparator = cursor + separator[0].length;
    ARTICLE_NUMBER.lastIndex = afterSeparator;
    if (!ARTICLE_NUMBER.test(folded)) break;
    if (RANGE_SEPARATOR.test(separator[0])) nextRange = 'to';
    cursor = afterSeparator;
  }
  settle(defaultCode, false);
  if (items.length === 0) return null;
  return { items, end };
}

function detectCodeArticles(text: string, folded: string, found: Detection): void {
  type Anchor = { start: number; after: number; code: LegalCode | undefined; prefixedOnly: boolean };
  const anchors: Anchor[] = [];
  for (const match of folded.matchAll(CODE_BEFORE)) {
    anchors.push({
      start: match.index,
      after: match.index + match[0].length,
      code: codeAt(match, 1),
      prefixedOnly: false,
    });
  }
  for (const match of folded.matchAll(ARTICLE_WORD)) {
    anchors.push({
      start: match.index,
      after: match.index + match[0].length,
      code: undefined,
      prefixedOnly: false,
    });
  }
  for (const match of folded.matchAll(PREFIXED_NUMBER)) {
    anchors.push({ start: match.index, after: match.index, code: undefined, prefixedOnly: true });
  }
  anchors.sort((a, b) => a.start - b.start);
  let consumed = 0;
  const lastCode: { value: LegalCode | undefined } = { value: undefined };
  for (const anchor of anchors) {
    if (anchor.start < consumed) continue;
    const list = parseArticleList(folded, anchor.start, anchor.after, anchor.code, lastCode);
    if (!list) continue;
    consumed = list.end;
    const single = list.items.length === 1;
    for (const { item, code, unknownCode } of list.items) {
      const start = single ? anchor.start : item.start;
      const end = single ? list.end : item.end;
      if (code) {
        const reference: DetectedReference = {
          kind: 'code',
          key: `code:${code.slug}:${item.key}`,
          start,
          end,
          display: text.slice(start, end).trim(),
        };
        if (item.range) reference.range = item.range;
        found.references.push(reference);
      } else if (unknownCode || item.prefixed || !anchor.prefixedOnly) {
        // An article number without a code we know: worth a look only when it cannot be a plain article of
        // the sentence's own text ("article 5 des statuts").
        if (unknownCode || item.prefixed)
          found.unresolved.push({ start, end, display: text.slice(start, end).trim() });
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// BOFiP, decisions, statutes, EU texts

const NUMBER_SIGN = '(?:n\\s?°\\s?s?|nos|no\\.?|numeros?)';

const BOFIP = /(?<![\p{L}\d-])BOI-[A-Z]{2,}(?:-[A-Z0-9]+)*/giu;
const BOFIP_DATE = /-\d{8}$/;

const CASS_NUMBER = /(?<![\d\-./,])(\d{2})-(\d{2})\.(\d{3})(?![\d]|[.,]\d)/gu;
const CASS_UNDOTTED = /(?<=\bn\s?°\s?)(\d{2})-?(\d{2})(\d{3})(?![\d]|[.,]\d)/gu;
const CASS_CONTEXT = /Cass\.|Cour de cassation|chambre|pourvoi/i;
const CASS_NUMBER_BEFORE = /(?:n\s?°\s?s?|nos|pourvois?|et|,|;|\()\s*$/i;

/** A pourvoi number is one after "n°", in a list, near a mention of the court, or alone (a search). */
function isCassationContext(folded: string, start: number, length: number): boolean {
  if (CASS_NUMBER_BEFORE.test(folded.slice(Math.max(0, start - 12), start))) return true;
  if (CASS_CONTEXT.test(folded.slice(Math.max(0, start - 150), start))) return true;
  return folded.trim().length === length;
}

const CE_ANCHOR = /(?<![\p{L}\d/.])(?:CE|C\.E\.|Conseil d'Etat|Cons\. Etat)(?![\p{L}\d)])/gu;
const CE_WINDOW_END =
  /[;\n]|[a-z]{4,}\. [A-Z]|(?<![\p{L}])(?:CAA|TA|Cass\.|CJUE|CJCE|Cons\. const|CA|Rep\.|AN|Sen\.)(?![\p{L}])/u;
const CE_NUMBER = new RegExp(`${NUMBER_SIGN}\\s*(\\d{5,6})(?![\\d\\-/]|\\.\\d)`, 'iu');
const CE_BARE_NUMBER = /(?<=(?:19|20)\d{2},\s*)(\d{6})(?![\d\-/]|\.\d)/u;
const CE_MORE_NUMBERS = /^(?:,\s*|\s+et\s+)(\d{5,6})(?![\d\-/]|\.\d)/u;

const CJUE_CASE = /(?<![\p{L}\d-])C-(\d{1,4})\/(\d{2})(?![\d/])/gu;

const CC_DECISION =
  /(?<![\d\-./])(\d{2}|\d{4})-(\d{1,4})(?:\/\d{1,4})*\s?(QPC|DC|LP|LOM|FNR|ORGA|RIP|REF|L)(?![\p{L}\d])/gu;

const TEXT_ANCHOR = /(?<![\p{L}])(lois?|decrets?|ordonnances?|ord\.)(?![\p{L}])/giu;
const TEXT_NUMBER = '(\\d{2,4}-\\d{1,5})(?![\\d\\-/]|[.,]\\d)';
const TEXT_DIRECT = new RegExp(`\\s*(?:${NUMBER_SIGN}\\s*)?${TEXT_NUMBER}`, 'iuy');
const TEXT_WORD = /,?\s+(?!n\s?°|nos?\b|numero)(?:[^\s\d,.;:()]+|\d{4}(?![\d-]))/iuy;
const TEXT_NUMBERED = new RegExp(`,?\\s*${NUMBER_SIGN}\\s*${TEXT_NUMBER}`, 'iuy');
const TEXT_MORE = new RegExp(`(?:\\s*,\\s*|\\s+et\\s+)(?:${NUMBER_SIGN}\\s*)?${TEXT_NUMBER}`, 'iuy');
/** "L. n° 2016-1088", "D. n° 2024-345": the abbreviations, only before a number sign. */
const TEXT_ABBREVIATION = /(?<![\p{L}\d])(L|D)\.(?=\s?n\s?°)/gu;
const TEXT_KINDS: Record<string, ReferenceKind> = {
  loi: 'loi',
  decret: 'decret',
  ordonnance: 'ordonnance',
  ord: 'ordonnance',
  l: 'loi',
  d: 'decret',
};

const EU_ANCHOR = /(?<![\p{L}])(directives?|dir\.|reglements?|regl\.)(?![\p{L}])/giu;
const EU_NUMBER = new RegExp(
  `(?:\\s*\\((?:UE|CE|CEE|Euratom)\\))?((?:\\s+(?!${NUMBER_SIGN}\\s*\\d)[^\\s\\d,.;:()]+){0,7}?)` +
    `(?:\\s*\\((?:UE|CE|CEE|Euratom)\\))?\\s*,?\\s*(?:${NUMBER_SIGN}\\s*)?(\\d{2,4})/(\\d{1,4})(?:/(?:UE|CE|CEE))?(?![\\d/])`,
  'iuy',
);

function push(
  found: Detection,
  text: string,
  kind: ReferenceKind,
  key: string,
  start: number,
  end: number,
): void {
  found.references.push({ kind, key, start, end, display: text.slice(start, end) });
}

function detectBofip(text: string, folded: string, found: Detection): void {
  for (const match of folded.matchAll(BOFIP)) {
    const identifier = match[0].toUpperCase().replace(BOFIP_DATE, '');
    push(found, text, 'bofip', `bofip:${identifier}`, match.index, match.index + match[0].length);
  }
}

function detectDecisions(text: string, folded: string, found: Detection): void {
  for (const match of folded.matchAll(CASS_NUMBER)) {
    if (!isCassationContext(folded, match.index, match[0].length)) continue;
    push(
      found,
      text,
      'cass',
      `cass:${match[1]}-${match[2]}.${match[3]}`,
      match.index,
      match.index + match[0].length,
    );
  }
  for (const match of folded.matchAll(CASS_UNDOTTED)) {
    if (!CASS_CONTEXT.test(folded.slice(Math.max(0, match.index - 120), match.index))) continue;
    push(
      found,
      text,
      'cass',
      `cass:${match[1]}-${match[2]}.${match[3]}`,
      match.index,
      match.index + match[0].length,
    );
  }
  for (const anchor of folded.matchAll(CE_ANCHOR)) {
    const from = anchor.index + anchor[0].length;
    let window = folded.slice(from, from + 200);
    const stop = CE_WINDOW_END.exec(window);
    if (stop) window = window.slice(0, stop.index);
    // "n° 472345", or the number alone after the date: "CE, 10 juill. 2024, 472345".
    const number = CE_NUMBER.exec(window) ?? CE_BARE_NUMBER.exec(window);
    if (!number?.[1]) continue;
    let end = from + number.index + number[0].length;
    push(found, text, 'ce', `ce:${number[1]}`, end - number[1].length, end);
    for (
      let more = CE_MORE_NUMBERS.exec(folded.slice(end));
      more?.[1];
      more = CE_MORE_NUMBERS.exec(folded.slice(end))
    ) {
      end += more[0].length;
      push(found, text, 'ce', `ce:${more[1]}`, end - more[1].length, end);
    }
  }
  for (const match of folded.matchAll(CJUE_CASE)) {
    push(
      found,
      text,
      'cjue',
      `cjue:C-${Number(match[1])}/${match[2]}`,
      match.index,
      match.index + match[0].length,
    );
  }
  for (const match of folded.matchAll(CC_DECISION)) {
    if (
      match[3] === 'L' &&
      !/(?:n\s?°|decision)\s*$/i.test(folded.slice(Math.max(0, match.index - 12), match.index))
    ) {
      continue;
    }
    push(
      found,
      text,
      'cc',
      `cc:${match[1]}-${match[2]}-${match[3]}`,
      match.index,
      match.index + match[0].length,
    );
  }
}

function detectTexts(text: string, folded: string, found: Detection): void {
  const anchors = [...folded.matchAll(TEXT_ANCHOR), ...folded.matchAll(TEXT_ABBREVIATION)].sort(
    (a, b) => a.index - b.index,
  );
  for (const anchor of anchors) {
    const word = (anchor[1] ?? '').toLowerCase().replace(/s$|\.$/, '');
    const kind = TEXT_KINDS[word];
    if (!kind) continue;
    let cursor = anchor.index + anchor[0].length;
    let number = stickyAt(TEXT_DIRECT, folded, cursor);
    if (!number) {
      for (let words = 0; words < 8 && !number; words++) {
        const next = stickyAt(TEXT_WORD, folded, cursor);
        if (!next) break;
        cursor += next[0].length;
        number = stickyAt(TEXT_NUMBERED, folded, cursor);
      }
    }
    if (!number?.[1]) continue;
    const single = anchor.index;
    cursor += number[0].length;
    const numbers: { value: string; start: number; end: number }[] = [
      { value: number[1], start: cursor - number[1].length, end: cursor },
    ];
    for (
      let more = stickyAt(TEXT_MORE, folded, cursor);
      more?.[1];
      more = stickyAt(TEXT_MORE, folded, cursor)
    ) {
      cursor += more[0].length;
      numbers.push({ value: more[1], start: cursor - more[1].length, end: cursor });
    }
    for (const entry of numbers) {
      const start = numbers.length === 1 ? single : entry.start;
      push(found, text, kind, `${kind}:${entry.value}`, start, entry.end);
    }
  }
  for (const anchor of folded.matchAll(EU_ANCHOR)) {
    const kind: ReferenceKind = /^dir/i.test(anchor[1] ?? '') ? 'directive' : 'reglement';
    const number = stickyAt(EU_NUMBER, folded, anchor.index + anchor[0].length);
    if (!number) continue;
    const end = anchor.index + anchor[0].length + number[0].length;
    push(found, text, kind, `${kind}:${number[2]}/${number[3]}`, anchor.index, end);
  }
}

/** Every reference of `text`, in the order of the text. */
export function detectReferences(text: string): Detection {
  const folded = foldForMatching(text);
  const found: Detection = { references: [], unresolved: [] };
  detectCodeArticles(text, folded, found);
  detectBofip(text, folded, found);
  detectDecisions(text, folded, found);
  detectTexts(text, folded, found);
  found.references.sort((a, b) => a.start - b.start || a.end - b.end);
  // Two anchors of one citation ("le Conseil d'État (CE, …, n° 466512)") find the same number once.
  found.references = found.references.filter(
    (reference, index, all) =>
      index === 0 || reference.key !== all[index - 1]?.key || reference.start !== all[index - 1]?.start,
  );
  return found;
}
