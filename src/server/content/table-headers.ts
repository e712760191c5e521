import 'server-only';
import { DomUtils, parseDocument } from 'htmlparser2';

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const childElements = (parent: Element): Element[] =>
  parent.children.filter((child): child is Element => child.type === 'tag');

const isHeaderRow = (row: Element): boolean => {
  const cells = childElements(row);
  return cells.length > 0 && cells.every((cell) => cell.name === 'th');
};

/** The first row of a table without a header section: a row of its own or its first body's. */
function firstRow(table: Element): Element | undefined {
  for (const child of childElements(table)) {
    if (child.name === 'tr') return child;
    if (child.name === 'tbody') return childElements(child).find((row) => row.name === 'tr');
  }
  return undefined;
}

/**
 * The header semantics of a table kept whatever wrote it: a first row made only of header cells goes into a
 * `<thead>`, whose cells say `scope="col"`; a body row's leading header cell says `scope="row"`. The rich-text
 * editor writes every row in `<tbody>` and drops `scope`, so one edit of an old rates table lost both.
 */
export function withTableHeaders(html: string): string {
  const document = parseDocument(html);
  const tables = DomUtils.getElementsByTagName('table', document.children, true);
  if (tables.length === 0) return html;
  for (const table of tables) {
    let head = childElements(table).find((child) => child.name === 'thead');
    if (!head) {
      const row = firstRow(table);
      if (row && isHeaderRow(row)) {
        DomUtils.removeElement(row);
        head = parseDocument('<thead></thead>').children[0] as Element;
        DomUtils.appendChild(head, row);
        const before = childElements(table).find((child) => !['caption', 'colgroup'].includes(child.name));
        if (before) DomUtils.prepend(before, head);
        else DomUtils.appendChild(table, head);
      }
    }
    if (head) {
      for (const cell of DomUtils.getElementsByTagName('th', head.children, true)) {
        cell.attribs.scope ??= 'col';
      }
    }
    for (const body of childElements(table).filter(
      (child) => child.name === 'tbody' || child.name === 'tr',
    )) {
      const rows = body.name === 'tr' ? [body] : childElements(body).filter((row) => row.name === 'tr');
      for (const row of rows) {
        const [first, ...rest] = childElements(row);
        if (first?.name === 'th' && rest.some((cell) => cell.name === 'td')) first.attribs.scope ??= 'row';
      }
    }
  }
  return DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' });
}
