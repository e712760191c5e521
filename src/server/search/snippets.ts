import 'server-only';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import { visiblePlainText } from '../content/paywall';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { articleSections, articles, SEARCH_CONFIG, subscriberDocuments } from '../db/schema';
import { MATCH_END, MATCH_START } from './highlight';

/** What a snippet needs to know of a result. */
export type SnippetSubject = { corpus: 'news' | 'docs'; id: string };

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
  page: readonly SnippetSubject[],
  hasAccess: boolean,
): Promise<string[]> {
  if (page.length === 0) return [];
  const sources = await snippetSources(db, page, hasAccess);
  const texts = page.map((result) =>
    withoutRepeatedSentences(sources.get(`${result.corpus}:${result.id}`) ?? ''),
  );
  const rows = await queryRows<{ headline: string }>(
    db,
    sql`select ts_headline(${sql.raw(`'${SEARCH_CONFIG}'`)}, t.source, ${query}, ${HEADLINE_OPTIONS}) as headline
      from unnest(${sql.param(texts)}::text[]) with ordinality as t(source, position) order by t.position`,
  );
  return rows.map((row) => withoutRepeatedFragments(row.headline));
}

async function snippetSources(
  db: Db,
  page: readonly SnippetSubject[],
  hasAccess: boolean,
): Promise<Map<string, string>> {
  const newsIds = page.filter((result) => result.corpus === 'news').map((result) => result.id);
  const docIds = page.filter((result) => result.corpus === 'docs').map((result) => result.id);
  const [newsRows, sectionRows, docRows] = await Promise.all([
    newsIds.length
      ? db
          .select({
            id: articles.id,
            summary: articles.summary,
            view: articles.bodyHtml,
            paywalled: articles.paywalled,
          })
          .from(articles)
          .where(inArray(articles.id, newsIds))
      : [],
    newsIds.length
      ? db
          .select({
            articleId: articleSections.articleId,
            title: articleSections.title,
            view: articleSections.bodyHtml,
          })
          .from(articleSections)
          .where(inArray(articleSections.articleId, newsIds))
          .orderBy(asc(articleSections.articleId), asc(articleSections.position))
      : [],
    docIds.length
      ? db
          .select({
            id: subscriberDocuments.id,
            micro: subscriberDocuments.microContenu,
            texte: subscriberDocuments.texte,
          })
          .from(subscriberDocuments)
          .where(inArray(subscriberDocuments.id, docIds))
      : [],
  ]);
  const sources = new Map<string, string>();
  for (const row of newsRows) {
    const sections = sectionRows.filter((section) => section.articleId === row.id);
    sources.set(`news:${row.id}`, visiblePlainText({ ...row, sections }, hasAccess));
  }
  for (const row of docRows) sources.set(`docs:${row.id}`, `${row.micro}\n${row.texte}`);
  return sources;
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
