/** The ellipsis ending a truncated text. */
export const ELLIPSIS = '…';

/**
 * The text with its whitespace collapsed, cut at a word boundary so that, ellipsis included, it holds at most
 * `max` characters. A text that fits is returned whole, without ellipsis. A single word longer than the limit
 * is cut inside the word. Punctuation left dangling before the ellipsis is dropped.
 */
export function truncateAtWord(text: string, max: number): string {
  const normalized = text.replace(/\s+/g, ' ').trim();
  if (normalized.length <= max) return normalized;
  if (max < ELLIPSIS.length) return '';
  const room = max - ELLIPSIS.length;
  let cut = normalized.slice(0, room);
  // The cut falls inside a word unless the next character is a space: go back to the last space.
  if (normalized[room] !== ' ') {
    const lastSpace = cut.lastIndexOf(' ');
    if (lastSpace > 0) cut = cut.slice(0, lastSpace);
    else if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  }
  return `${cut.replace(/[\s,;:.\-–—]+$/, '')}${ELLIPSIS}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML element's content or a quoted attribute value (the five special characters). */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
