import 'server-only';
import { compile } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { EMBED_PLATFORMS } from '@/lib/consent';
import { resolveInternalLink } from '@/lib/urls';

/**
 * The embed providers whose frames editorial bodies may carry (spec section 2: a podcast platform, an audio
 * platform, an infographic tool, a timeline tool, a chart tool and a short-message social network), defined with
 * the consent each needs in src/lib/consent.ts. Frames are kept only over https from exactly these hosts; pages can
 * reuse the list for their frame-src policy.
 */
export const EMBED_PROVIDERS = EMBED_PLATFORMS;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'abbr',
    'cite',
    'q',
    'code',
    'pre',
    'a',
    'blockquote',
    'span',
    'div',
    'figure',
    'figcaption',
    'img',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', { name: 'target', values: ['_blank'] }, 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['class'],
    abbr: ['title'],
    ol: ['start', 'type'],
    col: ['span'],
    colgroup: ['span'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    iframe: ['src', 'width', 'height', 'title', 'frameborder', 'scrolling', 'allowfullscreen'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_PROVIDERS.map((provider) => provider.hostname),
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // A frame from another host or an image with a refused source loses its src: drop the empty shell.
  exclusiveFilter: (frame) => (frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs.src,
  transformTags: {
    // The page title is the only h1: headings of a body start at h2.
    h1: 'h2',
    a: (tagName, attribs) => {
      const result: sanitizeHtml.Attributes = { ...attribs };
      if (attribs.href) result.href = resolveInternalLink(attribs.href);
      // A link opening a new tab must not hand the opened page a handle on ours.
      if (attribs.target === '_blank') result.rel = 'noopener noreferrer';
      return { tagName, attribs: result };
    },
  },
};

/**
 * Editorial HTML reduced to an allowlist of tags and attributes: no script, style, form or event handler, only
 * http(s), mailto and tel links, frames only from EMBED_PROVIDERS; internal flash:id links are resolved.
 */
export function sanitizeEditorialHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/**
 * The same allowlist for the newsroom's working copy, which keeps internal links as `flash:id:{id}` so the
 * editor still shows them as links to an article; they are resolved when the article is published (toArticleRows).
 */
const NEWSROOM_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  ...SANITIZE_OPTIONS,
  allowedSchemesByTag: {
    img: ['http', 'https'],
    iframe: ['https'],
    a: ['http', 'https', 'mailto', 'tel', 'flash'],
  },
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const result: sanitizeHtml.Attributes = { ...attribs };
      // Only the internal-link form of the flash scheme is ours.
      if (/^\s*flash:/i.test(attribs.href ?? '') && !INTERNAL_LINK.test(attribs.href ?? ''))
        delete result.href;
      if (attribs.target === '_blank') result.rel = 'noopener noreferrer';
      return { tagName, attribs: result };
    },
  },
};

const INTERNAL_LINK = /^flash:id:[A-Za-z0-9-]+$/;

export function sanitizeNewsroomHtml(html: string): string {
  return sanitizeHtml(html, NEWSROOM_SANITIZE_OPTIONS);
}

/**
 * html-to-text's converter, compiled once: `convert()` compiles its options on every call, which search snippets
 * (up to 20 per answer) and the import paid each time.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'iframe', format: 'skip' },
    { selector: 'ul', options: { itemPrefix: ' ' } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
  ],
});

/** The plain text of some HTML, for full-text search: words only, whitespace collapsed, entities decoded. */
export function htmlToPlainText(html: string): string {
  return toPlainText(html).replace(/\s+/g, ' ').trim();
}
