import 'server-only';
import { and, asc, eq, type SQLWrapper } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Db } from '../db/client';
import { legalReferences } from '../db/schema';
import { describeReference, type ReferenceDescription } from './describe';

/**
 * An article's references as its reader gets them: the stored rows (never a new detection), only those of the
 * parts the reader may read, each reference in the text linked to its official source, and the "Textes cités"
 * list.
 */

/** A stored reference of an article, described. */
export type ArticleReference = ReferenceDescription & { display: string };

/**
 * The references of an article a reader may read, in the order of the text (hasAccess false: the free ones).
 * `articleId` may be a subquery, so the article's reads stay one round trip.
 */
export async function loadArticleReferences(
  db: Db,
  articleId: string | SQLWrapper,
  hasAccess: boolean,
): Promise<ArticleReference[]> {
  const rows = await db
    .select({ key: legalReferences.key, display: legalReferences.display })
    .from(legalReferences)
    .where(
      and(
        eq(legalReferences.corpus, 'article'),
        eq(legalReferences.documentId, articleId),
        hasAccess ? undefined : eq(legalReferences.free, true),
      ),
    )
    .orderBy(asc(legalReferences.position));
  return rows.flatMap((row) => {
    const description = describeReference(row.key);
    return description ? [{ ...description, display: row.display }] : [];
  });
}

/** Each text once, in the order it is first cited: the "Textes cités" box groups them by kind. */
export function citedTexts(references: readonly ArticleReference[]): ReferenceDescription[] {
  const seen = new Set<string>();
  return references.flatMap(({ display: _display, ...reference }) => {
    if (seen.has(reference.key)) return [];
    seen.add(reference.key);
    return [reference];
  });
}

type Node = ReturnType<typeof parseDocument>['children'][number];

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** A text node's HTML with each citation of `targets` (longest first, never overlapping) made a link. */
function linkedText(
  text: string,
  targets: readonly { display: string; url: string; label: string }[],
): string | null {
  const found: { start: number; end: number; url: string; label: string }[] = [];
  for (const target of targets) {
    for (let from = text.indexOf(target.display); from >= 0; from = text.indexOf(target.display, from + 1)) {
      const end = from + target.display.length;
      if (found.some((match) => from < match.end && end > match.start)) continue;
      found.push({ start: from, end, url: target.url, label: target.label });
    }
  }
  if (found.length === 0) return null;
  found.sort((a, b) => a.start - b.start);
  let html = '';
  let cursor = 0;
  for (const match of found) {
    html += escapeText(text.slice(cursor, match.start));
    html += `<a href="${escapeAttribute(match.url)}" rel="noopener external" title="${escapeAttribute(`${match.label} (texte officiel)`)}">${escapeText(text.slice(match.start, match.end))}</a>`;
    cursor = match.end;
  }
  return html + escapeText(text.slice(cursor));
}

/**
 * The HTML with every stored citation made a link to its official source (`rel="noopener external"`): only the
 * text the reader receives is searched, so a gated part never gets links, and text already in a link is left.
 */
export function linkReferences(html: string, references: readonly ArticleReference[]): string {
  if (!html || references.length === 0) return html;
  const targets = [...new Map(references.map((reference) => [reference.display, reference])).values()].sort(
    (a, b) => b.display.length - a.display.length,
  );
  const document = parseDocument(html);
  const texts: Extract<Node, { type: 'text' }>[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === 'text') texts.push(node as Extract<Node, { type: 'text' }>);
      else if ('children' in node && !('name' in node && node.name === 'a')) walk(node.children as Node[]);
    }
  };
  walk(document.children);
  let changed = false;
  for (const node of texts) {
    const replacement = linkedText(node.data, targets);
    if (replacement === null) continue;
    // Each new node goes before the text it replaces, in order; then the text goes.
    for (const part of [...parseDocument(replacement).children]) DomUtils.prepend(node, part);
    DomUtils.removeElement(node);
    changed = true;
  }
  return changed ? DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' }) : html;
}
