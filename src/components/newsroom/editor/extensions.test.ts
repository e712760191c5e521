// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, test } from 'vitest';
// Test only: the editor's output must be what the site's sanitiser keeps.
import { sanitizeEditorialHtml } from '@/server/content/sanitize';
import { cleanPastedHtml } from './clean-pasted-html';
import { editorExtensions, internalHref } from './extensions';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function edit(html: string): Editor {
  editor = new Editor({ extensions: editorExtensions(), content: html });
  return editor;
}

const EVERYTHING = [
  '<h2>Ce qui change</h2>',
  '<p>Le <strong>taux</strong> passe à <em>20 %</em>, voir <a href="https://www.impots.gouv.fr/" target="_blank">le site</a>',
  ` et <a href="${internalHref('a-42')}">notre article</a>.</p>`,
  '<h3>Détail</h3><ul><li><p>un</p></li></ul><ol><li><p>deux</p></li></ol>',
  '<blockquote><p>Une citation.</p></blockquote>',
  '<table><tbody><tr><th><p>Année</p></th><th><p>Taux</p></th></tr><tr><td><p>2026</p></td><td><p>20 %</p></td></tr></tbody></table>',
  '<iframe src="https://datawrapper.dwcdn.net/abc12/1/" title="Graphique des taux" height="400"></iframe>',
].join('');

describe('the rich-text editor’s HTML and the site’s sanitiser', () => {
  test('headings, lists, links, quote, table and embed come out as the sanitiser keeps them', () => {
    const html = edit(EVERYTHING).getHTML();
    const sanitised = sanitizeEditorialHtml(html);
    for (const fragment of [
      '<h2>Ce qui change</h2>',
      '<h3>Détail</h3>',
      '<strong>taux</strong>',
      '<em>20 %</em>',
      '<blockquote>',
      '<ul>',
      '<ol>',
      // The editor writes the header row in <tbody>: the sanitiser puts it back in <thead>, with its scope.
      '<thead><tr><th scope="col"><p>Année</p></th>',
      '<td><p>2026</p></td>',
      'href="https://www.impots.gouv.fr/"',
      'rel="noopener noreferrer">le site</a>',
      // The internal link is resolved by the sanitiser, as for imported articles, and opens in the same tab.
      '<a href="/actualite/actu_a-42">notre article</a>',
      '<iframe src="https://datawrapper.dwcdn.net/abc12/1/" title="Graphique des taux" height="400" width="100%" frameborder="0" scrolling="no"></iframe>',
    ]) {
      expect(sanitised).toContain(fragment);
    }
    // Nothing the editor writes is refused: only presentation attributes differ.
    const textOf = (value: string) => value.replace(/<[^>]+>/g, '');
    expect(textOf(sanitised)).toBe(textOf(html));
  });

  test('an h1 becomes an h2, an h6 an h4, and a frame of another host is dropped', () => {
    const html = edit(
      '<h1>Titre</h1><h6>Petit</h6><iframe src="https://evil.example/x" title="x"></iframe><p>fin</p>',
    ).getHTML();
    expect(html).toBe('<h2>Titre</h2><h4>Petit</h4><p>fin</p>');
  });

  test('pasted Word HTML ends as clean paragraphs and lists', () => {
    const pasted = cleanPastedHtml(
      '<p class=MsoNormal style="margin:0">Texte <span style="font-weight:bold">gras</span><o:p></o:p></p>' +
        '<p class=MsoListParagraph style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">·&nbsp;</span>point</p>',
    );
    expect(edit(pasted).getHTML()).toBe('<p>Texte <strong>gras</strong></p><ul><li><p>point</p></li></ul>');
  });
});

describe('links', () => {
  test('a full stop typed right after a link is not part of it', () => {
    const typed = edit('<p>Voir <a href="https://www.impots.gouv.fr/">le site</a></p>');
    typed.commands.focus('end');
    typed.commands.insertContent('.');
    expect(typed.getHTML()).toContain('<a href="https://www.impots.gouv.fr/">le site</a>.</p>');
  });
});
