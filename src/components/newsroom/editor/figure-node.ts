import { Node } from '@tiptap/core';
import { isMediaImagePath } from '@/lib/media-srcset';

type FigureAttributes = {
  src: string;
  alt: string;
  caption: string;
  width: number | null;
  height: number | null;
};

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figure: {
      /** Inserts an image of the media library with its alt text (required) and caption (optional). */
      insertFigure: (attributes: FigureAttributes) => ReturnType;
    };
  }
}

const dimension = (value: string | null | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

/**
 * An image of the media library inside the text, written as `<figure><img src alt width height><figcaption>`:
 * the markup the site's sanitiser keeps, to which the site adds `srcset` and `sizes` (src/server/content/
 * sanitize.ts). The alt text is required: an image without one is neither inserted nor parsed.
 */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    const image = (element: HTMLElement) => element.querySelector('img');
    return {
      src: { default: null, parseHTML: (element) => image(element)?.getAttribute('src') ?? null },
      alt: { default: '', parseHTML: (element) => image(element)?.getAttribute('alt')?.trim() ?? '' },
      caption: {
        default: '',
        parseHTML: (element) => element.querySelector('figcaption')?.textContent?.trim() ?? '',
      },
      width: { default: null, parseHTML: (element) => dimension(image(element)?.getAttribute('width')) },
      height: { default: null, parseHTML: (element) => dimension(image(element)?.getAttribute('height')) },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (element) => {
          const image = element.querySelector('img');
          return isMediaImagePath(image?.getAttribute('src') ?? '') && image?.getAttribute('alt')?.trim()
            ? null
            : false;
        },
      },
    ];
  },

  renderHTML({ node }) {
    const { src, alt, caption, width, height } = node.attrs as FigureAttributes;
    const image = [
      'img',
      {
        src,
        alt,
        ...(width ? { width: String(width) } : {}),
        ...(height ? { height: String(height) } : {}),
      },
    ] as const;
    return caption ? ['figure', image, ['figcaption', caption]] : ['figure', image];
  },

  addCommands() {
    return {
      insertFigure:
        (attributes) =>
        ({ commands }) => {
          if (!isMediaImagePath(attributes.src) || !attributes.alt.trim()) return false;
          return commands.insertContent({
            type: this.name,
            attrs: { ...attributes, alt: attributes.alt.trim(), caption: attributes.caption.trim() },
          });
        },
    };
  },
});
