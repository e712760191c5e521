/**
 * Clipboard HTML from a word processor made fit for the editor's schema. ProseMirror already drops every tag and
 * attribute its schema does not know; what it cannot undo alone is handled here:
 * - Word's conditional comments, `<o:p>`, `<style>`, `<meta>` and `<xml>` blocks (their text would leak in);
 * - Word's list paragraphs (`mso-list`), which are paragraphs starting with a typed bullet or number: they become
 *   real `<ul>`/`<ol>` lists;
 * - Google Docs' wrapper `<b id="docs-internal-guid-…" style="font-weight:normal">`, which would make all the
 *   pasted text bold;
 * - inline styles and classes (ProseMirror reads `font-weight`/`font-style` for bold and italic: those two are
 *   turned into `<strong>`/`<em>` first), `<font>` and `<span>` wrappers, and empty paragraphs Word uses as spacing.
 */
export function cleanPastedHtml(html: string, parser: DOMParser = new DOMParser()): string {
  const withoutComments = html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!\[if[\s\S]*?<!\[endif\]>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const document = parser.parseFromString(withoutComments, 'text/html');
  const body = document.body;
  for (const element of Array.from(body.querySelectorAll('style, meta, link, script, xml, title'))) {
    element.remove();
  }
  for (const element of Array.from(body.querySelectorAll('*'))) {
    if (element.tagName.includes(':')) unwrap(element); // o:p, w:sdt, v:shape…
  }
  for (const element of Array.from(body.querySelectorAll('b[id^="docs-internal-guid"]'))) unwrap(element);
  convertWordLists(document);
  for (const element of Array.from(body.querySelectorAll<HTMLElement>('[style]'))) {
    markFromStyle(document, element);
  }
  for (const element of Array.from(body.querySelectorAll('font, span'))) unwrap(element);
  for (const element of Array.from(body.querySelectorAll('*'))) {
    element.removeAttribute('style');
    element.removeAttribute('class');
    element.removeAttribute('lang');
    element.removeAttribute('align');
  }
  for (const paragraph of Array.from(body.querySelectorAll('p'))) {
    if (
      (paragraph.textContent ?? '').replace(/\u00a0/g, ' ').trim() === '' &&
      !paragraph.querySelector('img')
    ) {
      paragraph.remove();
    }
  }
  return body.innerHTML;
}

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}

/** Bold and italic given by a style become elements, so they survive the removal of styles. */
function markFromStyle(document: Document, element: HTMLElement): void {
  const style = element.getAttribute('style') ?? '';
  const bold = /font-weight\s*:\s*(bold|[6-9]00)/i.test(style);
  const italic = /font-style\s*:\s*italic/i.test(style);
  if (!bold && !italic) return;
  if (/^(P|H[1-6]|LI|TD|TH|DIV|BLOCKQUOTE)$/.test(element.tagName)) return; // a whole block: leave it plain
  let inner: Node[] = Array.from(element.childNodes);
  for (const tag of [bold ? 'strong' : null, italic ? 'em' : null]) {
    if (!tag) continue;
    const wrapper = document.createElement(tag);
    wrapper.append(...inner);
    inner = [wrapper];
  }
  element.replaceChildren(...inner);
}

const BULLET = /^[\s\u00a0]*[·•▪◦§o\-–][\s\u00a0]+/;
const NUMBER = /^[\s\u00a0]*(?:\d+|[a-z]|[ivxlc]+)[.)][\s\u00a0]+/i;

/**
 * Word writes a list as paragraphs with `mso-list` in their style (class MsoListParagraph…), each starting with
 * its bullet or number as text (often inside a conditional-comment span already removed). Consecutive ones become
 * one list; the typed marker is dropped.
 */
function convertWordLists(document: Document): void {
  const paragraphs = Array.from(document.body.querySelectorAll('p')).filter(
    (paragraph) =>
      /mso-list/i.test(paragraph.getAttribute('style') ?? '') ||
      /MsoListParagraph/i.test(paragraph.getAttribute('class') ?? ''),
  );
  let list: HTMLElement | null = null;
  let listId: string | null = null;
  for (const paragraph of paragraphs) {
    // Word's own marker span (mso-list:Ignore) holds the bullet or number: read it, then drop it.
    const markers = Array.from(paragraph.querySelectorAll('[style*="mso-list:Ignore" i]'));
    const markerText = markers.map((marker) => marker.textContent ?? '').join('');
    for (const marker of markers) marker.remove();
    const text = markerText ? `${markerText.trim()} ` : (paragraph.textContent ?? '');
    const ordered = !BULLET.test(text) && NUMBER.test(text);
    const tag = ordered ? 'OL' : 'UL';
    // Word numbers its lists (mso-list:l0, l1…): a new number starts a new list.
    const id = /mso-list\s*:\s*(l\d+)/i.exec(paragraph.getAttribute('style') ?? '')?.[1] ?? null;
    const previous = paragraph.previousElementSibling;
    if (!list || previous !== list || list.tagName !== tag || id !== listId) {
      list = document.createElement(tag);
      paragraph.before(list);
    }
    listId = id;
    if (!markerText) stripLeadingMarker(paragraph, ordered ? NUMBER : BULLET);
    const item = document.createElement('li');
    const content = document.createElement('p');
    content.append(...Array.from(paragraph.childNodes));
    item.append(content);
    list.append(item);
    paragraph.remove();
  }
}

/** Removes the typed bullet or number from the first text of a paragraph. */
function stripLeadingMarker(paragraph: Element, marker: RegExp): void {
  const walker = paragraph.ownerDocument.createTreeWalker(paragraph, 4 /* NodeFilter.SHOW_TEXT */);
  let node = walker.nextNode();
  while (node && (node.textContent ?? '').trim() === '') node = walker.nextNode();
  if (node?.textContent) node.textContent = node.textContent.replace(marker, '');
}
