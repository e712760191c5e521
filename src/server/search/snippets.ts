import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { visiblePlainText } from '../content/paywall';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { SEARCH_CONFIG } from '../db/schema';
import { MATCH_END, MATCH_START } from './highlight';

/**
 * What a result's snippet is built from, read with the page (query-building.ts): a news's summary, body and
 * sections (HTML) and whether it is paywalled; a subscriber document's micro-content and indexed text.
 */
export type SnippetSource =
  | {
      corpus: 'news';
      micro: string;
      view: string;
      paywalled: boolean;
      sections: [title: string, view: string][];
    }
  | { corpus: 'docs'; micro: string; texte: string };

/** ts_headline options: up to two fragments, matched words between the private-use markers. */
const FRAGMENT_DELIMITER = ' … ';
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=45, MinWords=20, ShortWord=2, MaxFragments=2, FragmentDelimiter="${FRAGMENT_DELIMITER}"`;

/**
 * The snippets of a page of results, matched words marked, no sentence twice. A news snippet comes from what the
 * paywall module lets the reader read (`visiblePlainText`: for a reader without access the summary, first section
 * of an enriched news, first 20 percent of a paywalled body), never from the stored `body_text`; a subscriber
 * document's from its micro-content and indexed text.
 */
export async function snippets(
  db: Db,
  query: SQL,
  page: readonly SnippetSource[],
  hasAccess: boolean,
): Promise<string[]> {
  if (page.length === 0) return [];
  const texts = page.map((source) => withoutRepeatedSentences(snippetText(source, hasAccess)));
  const rows = await queryRows<{ headline: string }>(
    db,
    sql`select ts_headline(${sql.raw(`'${SEARCH_CONFIG}'`)}, t.source, ${query}, ${HEADLINE_OPTIONS}) as headline
      from unnest(${sql.param(texts)}::text[]) with ordinality as t(source, position) order by t.position`,
  );
  return rows.map((row) => withoutRepeatedFragments(row.headline));
}

function snippetText(source: SnippetSource, hasAccess: boolean): string {
  if (source.corpus === 'docs') return `${source.micro}\n${source.texte}`;
  const sections = source.sections.map(([title, view]) => ({ title, view }));
  return visiblePlainText(
    { summary: source.micro, view: source.view, paywalled: source.paywalled, sections },
    hasAccess,
  );
}

const sentenceKey = (sentence: string) => sentence.replace(/\s+/g, ' ').trim().toLocaleLowerCase('fr');

/**
 * The text with each sentence kept once: a summary repeated as the body's first paragraph (or a micro-content as
 * the start of a document's text) would otherwise give ts_headline the same sentence as two fragments.
 */
export function withoutRepeatedSentences(text: string): string {
  const seen = new Set<string>();
  return text
    .split(/(?<=[.!?…])\s+|\n+/u)
    .filter((sentence) => {
      const key = sentenceKey(sentence);
      if (key === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join('\n');
}

/** A headline with each fragment kept once (the same words may be chosen twice from a repetitive text). */
export function withoutRepeatedFragments(headline: string): string {
  const seen = new Set<string>();
  return headline
    .split(FRAGMENT_DELIMITER)
    .filter((fragment) => {
      const key = sentenceKey(fragment.replace(/[\uE000\uE001]/gu, ''));
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(FRAGMENT_DELIMITER);
}
