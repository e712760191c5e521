import 'server-only';
import { compile } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { COVER_IMAGE_SIZES } from '@/lib/constants';
import { EMBED_PROVIDERS } from '@/lib/embeds';
import { textImageSources } from '@/lib/media-srcset';
import { resolveInternalLink } from '@/lib/urls';
import { withTableHeaders } from './table-headers';

export { EMBED_PROVIDERS };

/**
 * An image of a text with the responsive sources the site makes for it (its variants, or the optimiser's widths),
 * drawn at the text column's width (the cover's); whatever srcset or loading the input had is dropped.
 */
function responsiveImage(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { srcset: _srcset, sizes: _sizes, loading: _loading, decoding: _decoding, ...kept } = attribs;
  const width = Number(attribs.width);
  const sources =
    attribs.src && Number.isInteger(width) && width > 0
      ? textImageSources(attribs.src, width, COVER_IMAGE_SIZES)
      : null;
  if (!sources) return { tagName, attribs: kept };
  return {
    tagName,
    attribs: {
      ...kept,
      srcset: sources.srcSet,
      sizes: COVER_IMAGE_SIZES,
      loading: 'lazy',
      decoding: 'async',
    },
  };
}

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
    // Our own media with accessible native players: captions or a transcript beside them.
    'video',
    'audio',
    'source',
    'track',
    'details',
    'summary',
  ],
  allowedAttributes: {
    a: ['href', 'title', { name: 'target', values: ['_blank'] }, 'rel'],
    // srcset, sizes, loading and decoding are the sanitiser's own (responsiveImage), never the input's.
    img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'],
    span: ['class'],
    abbr: ['title'],
    ol: ['start', 'type'],
    col: ['span'],
    colgroup: ['span'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    iframe: ['src', 'width', 'height', 'title', 'frameborder', 'scrolling', 'allowfullscreen'],
    video: ['controls', 'preload', 'poster', 'width', 'height', 'aria-label'],
    audio: ['controls', 'preload', 'aria-label'],
    source: ['src', 'type'],
    track: [
      { name: 'kind', values: ['captions', 'subtitles', 'descriptions', 'chapters'] },
      'src',
      'srclang',
      'label',
      'default',
    ],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Media are self-hosted: relative URLs only (no scheme allowed), nothing loads from another host.
  allowedSchemesByTag: {
    img: ['http', 'https'],
    iframe: ['https'],
    video: [],
    audio: [],
    source: [],
    track: [],
  },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'source', 'track'],
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_PROVIDERS.map((provider) => provider.hostname),
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // A frame from another host or an image with a refused source loses its src: drop the empty shell.
  exclusiveFilter: (frame) =>
    (['iframe', 'img', 'source', 'track'].includes(frame.tag) && !frame.attribs.src) ||
    ((frame.tag === 'video' || frame.tag === 'audio') && frame.attribs.controls === undefined),
  transformTags: {
    // The page title is the only h1: headings of a body start at h2.
    h1: 'h2',
    img: responsiveImage,
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
  return sanitizeHtml(withHeaders(html), SANITIZE_OPTIONS);
}

/** Tables keep their header row and scopes (table-headers.ts); only bodies holding a table are parsed twice. */
const withHeaders = (html: string) => (html.includes('<table') ? withTableHeaders(html) : html);

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
    img: responsiveImage,
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
  return sanitizeHtml(withHeaders(html), NEWSROOM_SANITIZE_OPTIONS);
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
