import type { Extensions } from '@tiptap/core';
import { Heading } from '@tiptap/extension-heading';
import { Link } from '@tiptap/extension-link';
import { TableKit } from '@tiptap/extension-table';
import { StarterKit } from '@tiptap/starter-kit';
import { Embed } from './embed-node';
import { Figure } from './figure-node';

/** An internal link as the site's sanitiser resolves it (spec section 2: flash:id:{id}). */
export const internalHref = (id: string) => `flash:id:${id}`;

const HEADING_LEVELS = [2, 3, 4] as const;

/** Headings from h2 (the page title is the only h1): a pasted h1 (Word's "Titre 1") becomes an h2. */
const BodyHeading = Heading.extend({
  parseHTML() {
    return [
      { tag: 'h1', attrs: { level: 2 } },
      ...HEADING_LEVELS.map((level) => ({ tag: `h${level}`, attrs: { level } })),
      { tag: 'h5', attrs: { level: 4 } },
      { tag: 'h6', attrs: { level: 4 } },
    ];
  },
}).configure({ levels: [...HEADING_LEVELS] });

/**
 * The editor's schema: what the site's sanitiser keeps (src/server/content/sanitize.ts) and nothing more.
 * Headings start at h2 (the page title is the h1); no code blocks; links allow the internal flash:id scheme;
 * images only as figures of the media library.
 */
export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: false,
      code: false,
      codeBlock: false,
      link: false,
    }),
    BodyHeading,
    // Not inclusive: a full stop typed right after a link is text, not part of the link (autolinked links are
    // inclusive by default).
    Link.extend({ inclusive: () => false }).configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['flash', 'mailto', 'tel'],
      isAllowedUri: (url, context) => url.startsWith('flash:id:') || context.defaultValidate(url),
      // A new tab only when the author asks for it (outside links, set by the link panel).
      HTMLAttributes: { target: null, rel: null },
    }),
    TableKit.configure({ table: { resizable: false } }),
    Embed,
    Figure,
  ];
}
