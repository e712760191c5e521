import { mergeAttributes, Node } from '@tiptap/core';
import { embedProviderOf } from '@/lib/embeds';

type EmbedAttributes = { src: string; title: string; height: number };

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    embed: {
      /** Inserts a frame of one of the embed providers (refused for any other address). */
      insertEmbed: (attributes: EmbedAttributes) => ReturnType;
    };
  }
}

export const EMBED_DEFAULT_HEIGHT = 400;

/**
 * A frame of one of the spec's embed platforms (EMBED_PROVIDERS), written as the `<iframe>` the site's sanitiser
 * keeps. Frames from other hosts are not parsed (a pasted one disappears) nor inserted.
 */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      src: { default: null },
      title: { default: '' },
      height: {
        default: EMBED_DEFAULT_HEIGHT,
        parseHTML: (element) => Number(element.getAttribute('height')) || EMBED_DEFAULT_HEIGHT,
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'iframe[src]',
        getAttrs: (element) => (embedProviderOf(element.getAttribute('src') ?? '') ? null : false),
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes, { width: '100%', frameborder: '0', scrolling: 'no' })];
  },

  /** In the editor a labelled box stands for the frame: nothing loads from the provider while writing. */
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.className = 'newsroom-embed';
      dom.setAttribute('contenteditable', 'false');
      const provider = embedProviderOf(String(node.attrs.src ?? ''));
      dom.textContent = `Intégration ${provider?.name ?? ''} : ${node.attrs.title || node.attrs.src}`;
      return { dom };
    };
  },

  addCommands() {
    return {
      insertEmbed:
        (attributes) =>
        ({ commands }) => {
          if (!embedProviderOf(attributes.src)) return false;
          return commands.insertContent({ type: this.name, attrs: attributes });
        },
    };
  },
});
