import 'server-only';
import { inArray } from 'drizzle-orm';
import { type ArticleSummary, articleSummaryColumns, toArticleSummary } from '../content/article-summary';
import type { Db } from '../db/client';
import { articles } from '../db/schema';
import { search } from './engine';
import {
  ANONYMOUS_READER,
  NEWS_DOCUMENT_TYPE,
  type SearchAnswer,
  type SearchParams,
  type SearchReader,
  type SearchResult,
} from './types';

export type ArticleResult = ArticleSummary & { asArticle: true };
export type ArticlesAnswer = Omit<SearchAnswer, 'results'> & {
  asArticle: true;
  results: (ArticleResult | SearchResult)[];
};

/**
 * The search restricted to the news document type, the daily's news answered as article summaries
 * (`/api/search/resultsAsArticles`): same collections (`urType`), ranking, paging and facets as `search`, so the
 * type's count is the number of results shown. A news of the subscriber collections stays a search result.
 */
export async function searchAsArticles(
  db: Db,
  params: SearchParams,
  reader: SearchReader = ANONYMOUS_READER,
): Promise<ArticlesAnswer> {
  const answer = await search(
    db,
    { ...params, selected: { ...params.selected, type_document: [NEWS_DOCUMENT_TYPE] } },
    reader,
  );
  const ids = answer.results.filter((result) => !result.subscriber_only).map((result) => result.id);
  const rows = ids.length
    ? await db.select(articleSummaryColumns).from(articles).where(inArray(articles.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results = answer.results.map((result) => {
    const row = result.subscriber_only ? undefined : byId.get(result.id);
    return row ? { ...toArticleSummary(row), asArticle: true as const } : result;
  });
  return { ...answer, asArticle: true, results };
}
