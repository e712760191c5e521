import { describe, expect, it } from 'vitest';
import { blockDifferences, textBlocks, wordDifferences } from './version-diff';

const BEFORE = [
  '<h2>Les conditions</h2>',
  '<p>Le taux est de 20 %.</p>',
  '<ul><li><p>Premier cas</p></li><li><p>Second cas</p><ul><li>Sous-cas</li></ul></li></ul>',
  '<table><thead><tr><th scope="col">Année</th><th scope="col">Taux</th></tr></thead>',
  '<tbody><tr><td>2025</td><td>5,5 %</td></tr></tbody></table>',
].join('');

describe('textBlocks', () => {
  it('reads headings, paragraphs, list items (nested too) and table rows in order', () => {
    expect(textBlocks(BEFORE)).toEqual([
      { element: 'heading', cells: ['Les conditions'] },
      { element: 'paragraph', cells: ['Le taux est de 20 %.'] },
      { element: 'item', cells: ['Premier cas'] },
      { element: 'item', cells: ['Second cas'] },
      { element: 'item', cells: ['Sous-cas'] },
      { element: 'row', cells: ['Année', 'Taux'] },
      { element: 'row', cells: ['2025', '5,5 %'] },
    ]);
  });
});

describe('blockDifferences', () => {
  it('keeps the unchanged blocks, marks inserted and deleted ones, and compares the words of an edited one', () => {
    const after = BEFORE.replace('20 %', '10 %')
      .replace('<li><p>Premier cas</p></li>', '')
      .replace('</tbody>', '<tr><td>2026</td><td>10 %</td></tr></tbody>')
      .replace('<h2>Les conditions</h2>', '<h2>Les conditions</h2><h3>Nouveau</h3>');
    const blocks = blockDifferences(BEFORE, after);
    expect(blocks.map((block) => `${block.kind} ${block.element}`)).toEqual([
      'same heading',
      'added heading',
      'changed paragraph',
      'removed item',
      'same item',
      'same item',
      'same row',
      'same row',
      'added row',
    ]);
    expect(blocks[2]?.cells[0]).toEqual([
      { kind: 'same', text: 'Le taux est de ' },
      { kind: 'removed', text: '20' },
      { kind: 'added', text: '10' },
      { kind: 'same', text: ' %.' },
    ]);
    expect(blocks[8]?.cells).toEqual([[{ kind: 'added', text: '2026' }], [{ kind: 'added', text: '10 %' }]]);
  });

  it('compares an edited table row cell by cell', () => {
    const after = BEFORE.replace('<td>5,5 %</td>', '<td>6 %</td>');
    const row = blockDifferences(BEFORE, after).find((block) => block.kind === 'changed');
    expect(row?.element).toBe('row');
    expect(row?.cells[0]).toEqual([{ kind: 'same', text: '2025' }]);
    expect(row?.cells[1]).toEqual([
      { kind: 'removed', text: '5,5' },
      { kind: 'added', text: '6' },
      { kind: 'same', text: ' %' },
    ]);
  });

  it('finds nothing to mark between equal texts, whatever their markup spacing', () => {
    const blocks = blockDifferences('<p>Un  texte</p>', '<p>Un texte</p>\n');
    expect(blocks).toEqual([
      { kind: 'same', element: 'paragraph', cells: [[{ kind: 'same', text: 'Un texte' }]] },
    ]);
  });
});

describe('wordDifferences', () => {
  it('marks the words added and removed, spaces kept', () => {
    expect(wordDifferences('un deux', 'un trois')).toEqual([
      { kind: 'same', text: 'un ' },
      { kind: 'removed', text: 'deux' },
      { kind: 'added', text: 'trois' },
    ]);
  });
});
