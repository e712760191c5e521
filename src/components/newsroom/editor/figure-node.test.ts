// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, test } from 'vitest';
// Test only: the editor's output must be what the site's sanitiser keeps.
import { sanitizeEditorialHtml } from '@/server/content/sanitize';
import { editorExtensions } from './extensions';

const SRC = '/media/0123456789abcdef0123456789abcdef/original.jpg';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function edit(html: string): Editor {
  editor = new Editor({ extensions: editorExtensions(), content: html });
  return editor;
}

describe('the figure node', () => {
  test('inserts an image of the media library with its alt text and caption, as the sanitiser keeps it', () => {
    const current = edit('<p>Avant.</p>');
    const inserted = current.commands.insertFigure({
      src: SRC,
      alt: ' La façade du tribunal ',
      caption: 'Le tribunal judiciaire de Paris',
      width: 1200,
      height: 800,
    });
    expect(inserted).toBe(true);
    const figure = `<figure><img src="${SRC}" alt="La façade du tribunal" width="1200" height="800"><figcaption>Le tribunal judiciaire de Paris</figcaption></figure>`;
    expect(current.getHTML()).toContain(figure);
    expect(sanitizeEditorialHtml(current.getHTML())).toContain(
      '<figcaption>Le tribunal judiciaire de Paris</figcaption>',
    );
    expect(sanitizeEditorialHtml(current.getHTML())).toContain('alt="La façade du tribunal" width="1200"');

    // Saved and opened again, the figure is the same.
    expect(edit(current.getHTML()).getHTML()).toContain(figure);
  });

  test('writes no figcaption without a caption', () => {
    const current = edit('');
    current.commands.insertFigure({
      src: SRC,
      alt: 'Un graphique',
      caption: '  ',
      width: null,
      height: null,
    });
    // The editor keeps a paragraph after a block at the end, to type on.
    expect(current.getHTML()).toBe(`<figure><img src="${SRC}" alt="Un graphique"></figure><p></p>`);
  });

  test('refuses an image without alt text, or from outside the media library', () => {
    const current = edit('<p>Texte.</p>');
    expect(
      current.commands.insertFigure({ src: SRC, alt: ' ', caption: '', width: null, height: null }),
    ).toBe(false);
    expect(
      current.commands.insertFigure({
        src: 'https://x.fr/a.jpg',
        alt: 'Photo',
        caption: '',
        width: null,
        height: null,
      }),
    ).toBe(false);
    expect(current.getHTML()).toBe('<p>Texte.</p>');
    expect(
      edit(`<figure><img src="${SRC}"><figcaption>Sans alt</figcaption></figure>`).getHTML(),
    ).not.toContain('<img');
  });
});
