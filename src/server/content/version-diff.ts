import 'server-only';
import { diffArrays, diffWordsWithSpace } from 'diff';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { BlockDiff, DiffPart } from '@/lib/contracts/admin';

// Comparisons of two versions of a text, shared by the newsroom's revisions and the readers' "what changed":
// words within a text, and blocks (headings, paragraphs, list items, table rows) within a rich text, done with
// the `diff` library.

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
type Node = Element['children'][number];
type Block = { element: BlockDiff['element']; cells: string[] };

/** Word-level differences between two texts, spaces kept. */
export function wordDifferences(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

const BLOCK_ELEMENTS: Record<string, BlockDiff['element']> = {
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  p: 'paragraph',
  figcaption: 'paragraph',
  dt: 'paragraph',
  dd: 'paragraph',
  li: 'item',
  tr: 'row',
};
/** Lists and tables inside a block (a list in a list item): compared as blocks of their own. */
const NESTED_BLOCKS = new Set(['ul', 'ol', 'table']);

const isElement = (node: Node): node is Element => DomUtils.isTag(node);
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text of an element, without the nested blocks it holds (a list inside a list item). */
function ownText(element: Element): string {
  return normalise(
    element.children
      .map((child) => {
        if (!isElement(child)) return DomUtils.textContent(child);
        if (NESTED_BLOCKS.has(child.name)) return ' ';
        return child.name === 'br' ? ' ' : ownText(child);
      })
      .join(''),
  );
}

function collectBlocks(nodes: readonly Node[], blocks: Block[]): void {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    const element = BLOCK_ELEMENTS[node.name];
    if (element === 'row') {
      const cells = node.children
        .filter(isElement)
        .filter((cell) => cell.name === 'td' || cell.name === 'th');
      blocks.push({ element, cells: cells.map((cell) => normalise(DomUtils.textContent(cell))) });
      continue;
    }
    if (element) {
      const text = ownText(node);
      if (text) blocks.push({ element, cells: [text] });
    }
    const inner = element
      ? node.children.filter((child) => isElement(child) && NESTED_BLOCKS.has(child.name))
      : node.children;
    collectBlocks(inner, blocks);
  }
}

/** The blocks of a rich text in reading order: headings, paragraphs, list items (nested ones too), table rows. */
export function textBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  collectBlocks(parseDocument(html).children, blocks);
  return blocks;
}

const sameBlock = (left: Block, right: Block) =>
  left.element === right.element &&
  left.cells.length === right.cells.length &&
  left.cells.every((cell, index) => cell === right.cells[index]);

const whole = (kind: 'same' | 'added' | 'removed', block: Block): BlockDiff => ({
  kind,
  element: block.element,
  cells: block.cells.map((text) => [{ kind, text }]),
});

/** A block edited in place: its words (a row's, cell by cell) compared. */
function changedBlock(before: Block, after: Block): BlockDiff {
  const count = Math.max(before.cells.length, after.cells.length);
  return {
    kind: 'changed',
    element: after.element,
    cells: Array.from({ length: count }, (_, index) =>
      wordDifferences(before.cells[index] ?? '', after.cells[index] ?? ''),
    ),
  };
}

/**
 * Deleted blocks next to inserted ones: a deleted block and the next inserted block of the same kind are the
 * same block edited; the inserted blocks skipped on the way are insertions, the deleted with no match deletions.
 */
function pairBlocks(removed: readonly Block[], added: readonly Block[]): BlockDiff[] {
  const result: BlockDiff[] = [];
  let next = 0;
  for (const before of removed) {
    const match = added.findIndex((after, index) => index >= next && after.element === before.element);
    if (match === -1) {
      result.push(whole('removed', before));
      continue;
    }
    result.push(...added.slice(next, match).map((block) => whole('added', block)));
    result.push(changedBlock(before, added[match] as Block));
    next = match + 1;
  }
  result.push(...added.slice(next).map((block) => whole('added', block)));
  return result;
}

/** Two rich texts compared block by block: blocks kept, inserted, deleted, or edited (their words compared). */
export function blockDifferences(beforeHtml: string, afterHtml: string): BlockDiff[] {
  const runs = diffArrays(textBlocks(beforeHtml), textBlocks(afterHtml), { comparator: sameBlock });
  const result: BlockDiff[] = [];
  for (let index = 0; index < runs.length; index += 1) {
    const run = runs[index];
    if (!run) continue;
    if (!run.added && !run.removed) {
      result.push(...run.value.map((block) => whole('same', block)));
      continue;
    }
    const next = runs[index + 1];
    const paired = next && (next.added || next.removed) && next.added !== run.added;
    const removed = run.removed ? run.value : paired ? next.value : [];
    const added = run.added ? run.value : paired ? next.value : [];
    result.push(...pairBlocks(removed, added));
    if (paired) index += 1;
  }
  return result;
}
