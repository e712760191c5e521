import 'server-only';
import { DomUtils, parseDocument } from 'htmlparser2';
import { PAYWALL_VISIBLE_SHARE } from '@/lib/constants';
import { truncateAtWord } from '@/lib/text';
import { htmlToPlainText } from './sanitize';

/**
 * The paywall (spec sections 1, 4 and 6; DESIGN.md "Paywall"). This module is the only place that decides what a
 * visitor without access may read: the article page, /api/article/single, RSS, search snippets and meta
 * descriptions all go through it, so the gated text never leaves the server in any field.
 *
 * - Enriched news (an article with sections): its own body (the introduction shown before the sections) and
 *   its first section are sent, whole. The other sections are removed entirely (no title, summary or body),
 *   and a paywalled enriched news keeps only the head of its body too. The article page alone
 *   lists the withheld sections' titles, locked, in its table of contents (`loadArticlePage`): titles are what
 *   registering unlocks, not gated text.
 * - A paywalled article: the first PAYWALL_VISIBLE_SHARE (20 percent) of the text of its body, cut at a
 *   top-level block boundary (a paragraph, heading, list, table…).
 * - Anything else is free.
 */

/** What the gate needs to know about an article. */
export type PaywallSubject = { paywalled: boolean; sectionCount: number };

/** True when the article is gated for a visitor without access: enriched news or a paywalled article. */
export function isGated(subject: PaywallSubject): boolean {
  return subject.paywalled || subject.sectionCount > 0;
}

/** The isPaywallable flag of the API: the visitor lacks access to a gated article, so part of it is withheld. */
export function isPaywallableFor(subject: PaywallSubject, hasAccess: boolean): boolean {
  return !hasAccess && isGated(subject);
}

type ChildNode = ReturnType<typeof parseDocument>['children'][number];

const WRAPPERS = new Set(['div', 'section', 'article', 'main']);

/** The top-level blocks of a body; a body wrapped in one container is looked into. */
function topLevelBlocks(html: string): ChildNode[] {
  let nodes: ChildNode[] = parseDocument(html).children;
  for (;;) {
    const meaningful = nodes.filter(
      (node) => node.type !== 'text' || DomUtils.textContent(node).trim() !== '',
    );
    const [only] = meaningful;
    if (meaningful.length === 1 && only && only.type === 'tag' && WRAPPERS.has(only.name)) {
      nodes = only.children;
      continue;
    }
    return meaningful;
  }
}

function textLength(node: ChildNode): number {
  return DomUtils.textContent(node).replace(/\s+/g, ' ').trim().length;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The visible head of a paywalled body: whole top-level blocks while their text stays within `share` of the
 * body's text. When even the first block is longer than that, its text alone is kept, cut at a word within the
 * share, as a paragraph. Blocks without text (an image, a frame) count for nothing and are kept only before the
 * cut.
 */
export function visibleHead(html: string, share: number = PAYWALL_VISIBLE_SHARE): string {
  const blocks = topLevelBlocks(html);
  const lengths = blocks.map(textLength);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const budget = Math.floor(total * share);
  const kept: ChildNode[] = [];
  let used = 0;
  for (const [index, block] of blocks.entries()) {
    const length = lengths[index] ?? 0;
    if (used + length > budget) break;
    kept.push(block);
    used += length;
  }
  if (used === 0) {
    const first = blocks.find((_, index) => (lengths[index] ?? 0) > 0);
    if (!first || budget === 0) return '';
    const text = truncateAtWord(DomUtils.textContent(first), budget);
    return text === '' ? '' : `<p>${escapeHtml(text)}</p>`;
  }
  // UTF-8 output: only the characters HTML requires are escaped, accented letters stay as they are.
  return DomUtils.getOuterHTML(kept, { encodeEntities: 'utf8' });
}

/** The gate applied to one article: the body and sections a visitor may receive. */
export function gateContent<Section>(
  content: { view: string; sections: Section[]; paywalled: boolean },
  hasAccess: boolean,
): { view: string; sections: Section[]; isPaywallable: boolean } {
  const isPaywallable = isPaywallableFor(
    { paywalled: content.paywalled, sectionCount: content.sections.length },
    hasAccess,
  );
  if (!isPaywallable) return { view: content.view, sections: content.sections, isPaywallable };
  if (content.sections.length > 0) {
    const view = content.paywalled ? visibleHead(content.view) : content.view;
    return { view, sections: content.sections.slice(0, 1), isPaywallable };
  }
  return { view: visibleHead(content.view), sections: [], isPaywallable };
}

/**
 * The plain text a visitor may read of an article, for search snippets, meta descriptions and feeds: the
 * summary, then what the gate leaves of the body and sections. Never built from the stored `bodyText`, which
 * holds the whole text.
 */
export function visiblePlainText(
  content: { summary: string; view: string; sections: { title: string; view: string }[]; paywalled: boolean },
  hasAccess: boolean,
): string {
  return joinTexts([content.summary, visibleBodyText(content, hasAccess)]);
}

/**
 * What a reader without access may match of a gated article in a search (stored as `articles.public_text`): the
 * plain text of the body and sections the gate leaves, section summaries included. Null for a free article, all
 * of which is public.
 */
export function publicSearchText(content: {
  view: string;
  sections: { title: string; summary?: string; view: string }[];
  paywalled: boolean;
}): string | null {
  if (!isGated({ paywalled: content.paywalled, sectionCount: content.sections.length })) return null;
  return visibleBodyText(content, false);
}

function visibleBodyText(
  content: {
    view: string;
    sections: { title: string; summary?: string; view: string }[];
    paywalled: boolean;
  },
  hasAccess: boolean,
): string {
  const gated = gateContent(content, hasAccess);
  return joinTexts([
    htmlToPlainText(gated.view),
    ...gated.sections.flatMap((section) => [
      section.title,
      section.summary ?? '',
      htmlToPlainText(section.view),
    ]),
  ]);
}

function joinTexts(texts: string[]): string {
  return texts.filter((text) => text.trim() !== '').join('\n');
}
