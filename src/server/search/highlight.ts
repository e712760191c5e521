import 'server-only';
import { SEARCH_SNIPPET_MAX } from '@/lib/constants';
import { escapeHtml } from '@/lib/text';

/**
 * Markers ts_headline puts around matched words. Private-use characters never occur in editorial text, so the
 * snippet can be HTML-escaped first and the markers turned into <mark> afterwards (ts_headline itself escapes
 * nothing).
 */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
const OPEN = '<mark>';
const CLOSE = '</mark>';
const ELLIPSIS = '…';

/**
 * The HTML of a ts_headline fragment: escaped, matched words in <mark>, whole markup at most `max` characters
 * (cut at a word boundary with an ellipsis, never inside an entity or a mark).
 */
export function snippetHtml(headline: string, max: number = SEARCH_SNIPPET_MAX): string {
  const parts = headline
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(\uE000[^\uE001]*\uE001)/u);
  let html = '';
  for (const part of parts) {
    if (part === '') continue;
    const marked = part.startsWith(MATCH_START);
    const text = marked ? part.slice(1, -1) : part;
    const piece = marked ? `${OPEN}${escapeHtml(text)}${CLOSE}` : escapeHtml(text);
    if (html.length + piece.length <= max) {
      html += piece;
      continue;
    }
    // The piece does not fit: keep the words of an unmarked piece that do, then the ellipsis.
    const room = max - html.length - ELLIPSIS.length;
    if (!marked && room > 0) html += fitWords(text, room);
    html = `${html.trimEnd()}${ELLIPSIS}`;
    break;
  }
  return html;
}

/** The longest run of whole words of `text` whose escaped form fits in `room` characters. */
function fitWords(text: string, room: number): string {
  let kept = '';
  for (const word of text.split(/(?<= )/)) {
    if (escapeHtml(kept + word).length > room) break;
    kept += word;
  }
  return escapeHtml(kept);
}

/** Lower case, accents removed, one character per character of the input (so positions map back). */
function foldChar(char: string): string {
  const folded = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return folded.length === 1 ? folded : char.toLowerCase().slice(0, 1) || char;
}

function fold(text: string): string {
  return Array.from(text, foldChar).join('');
}

/**
 * A suggestion as HTML with the typed part in <mark>, case and accents ignored. A suggestion found despite a
 * typo marks the longest typed prefix (at least three characters) it contains, or nothing.
 */
export function formatSuggestion(value: string, typed: string, minChars: number): string {
  const chars = Array.from(value);
  const haystack = chars.map(foldChar).join('');
  const needle = fold(typed.replace(/\s+/g, ' ').trim());
  for (let length = needle.length; length >= Math.min(minChars, needle.length) && length > 0; length -= 1) {
    const index = haystack.indexOf(needle.slice(0, length));
    if (index < 0) continue;
    const before = chars.slice(0, index).join('');
    const match = chars.slice(index, index + length).join('');
    const after = chars.slice(index + length).join('');
    return `${escapeHtml(before)}${OPEN}${escapeHtml(match)}${CLOSE}${escapeHtml(after)}`;
  }
  return escapeHtml(value);
}
