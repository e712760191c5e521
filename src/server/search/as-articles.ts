import 'server-only';
import { inArray } from 'drizzle-orm';
import type { SearchArticlesAnswer } from '@/lib/contracts/search';
import { articleSummaryColumns, toArticleSummary } from '../content/article-summary';
import type { Db } from '../db/client';
import { articles } from '../db/schema';
import { search } from './engine';
import {
  ANONYMOUS_READER,
  NEWS_DOCUMENT_TYPE,
  type SearchParams,
  type SearchReader,
  UR_TYPES,
} from './types';

export type ArticlesAnswer = SearchArticlesAnswer;

/**
 * The search restricted to the daily's news type, answered as article summaries (`/api/search/resultsAsArticles`):
 * same ranking, paging and facets as `search`, each result the article's summary flagged `asArticle`.
 */
export async function searchAsArticles(
  db: Db,
  params: SearchParams,
  reader: SearchReader = ANONYMOUS_READER,
): Promise<ArticlesAnswer> {
  const answer = await search(
    db,
    {
      ...params,
      urType: UR_TYPES.news,
      selected: { ...params.selected, type_document: [NEWS_DOCUMENT_TYPE] },
    },
    reader,
  );
  const ids = answer.results.map((result) => result.id);
  const rows = ids.length
    ? await db.select(articleSummaryColumns).from(articles).where(inArray(articles.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...toArticleSummary(row), asArticle: true as const }] : [];
  });
  return { ...answer, asArticle: true, results };
}
