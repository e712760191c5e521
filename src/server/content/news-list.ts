import 'server-only';
import { and, asc, desc, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { FIRST_PAGE, NEWS_PAGE_SIZE } from '@/lib/constants';
import { NEWS_SORTS, type NewsItem, type NewsListAnswer, type NewsSort } from '@/lib/contracts/content';
import type { Db } from '../db/client';
import { articles } from '../db/schema';
import { articleSummaryColumns, toArticleSummary } from './article-summary';
import { textArray } from './sql-arrays';
import { listTopicThematics } from './topics';

export { NEWS_SORTS };

export type NewsListQuery = {
  /** Trade slug (fiscal, social, …): news meant for that trade. */
  trade?: string | undefined;
  /** Topic id (EBX:EFL_Themes:…): news carrying the topic or one of its thematics tagged with it. */
  topicId?: string | undefined;
  /** Content types (actualite, videos, …); none means every type. */
  types?: readonly string[] | undefined;
  /** Thematic ids: news carrying at least one of them. */
  thematicsIds?: readonly string[] | undefined;
  /** Published at or after this instant. */
  from?: Date | undefined;
  /** Published strictly before this instant. */
  to?: Date | undefined;
  limit?: number | undefined;
  page?: number | undefined;
  sort?: NewsSort | undefined;
  /** Also answer the thematics available under the topic (for the filters). */
  needsThematics?: boolean | undefined;
  /** Each news also carries source, paywalled, event_date and simulator_url (never its body or sections). */
  full?: boolean | undefined;
};

export type NewsList = NewsListAnswer;

const detailColumns = {
  source: articles.source,
  paywalled: articles.paywalled,
  eventDate: articles.eventDate,
  simulatorUrl: articles.simulatorUrl,
};

function filters(query: NewsListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.trade) conditions.push(sql`${articles.trades} @> ${textArray([query.trade])}`);
  if (query.topicId) conditions.push(sql`${articles.topicIds} @> ${textArray([query.topicId])}`);
  if (query.thematicsIds && query.thematicsIds.length > 0) {
    conditions.push(sql`${articles.topicIds} && ${textArray(query.thematicsIds)}`);
  }
  if (query.types && query.types.length > 0) conditions.push(inArray(articles.type, [...query.types]));
  if (query.from) conditions.push(gte(articles.publicationDate, query.from));
  if (query.to) conditions.push(lt(articles.publicationDate, query.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of news matching the filters (spec section 7 "GET /article/summary"), newest first by default. A page
 * is full (its length equals the limit) while more news may follow: the client's hasMore rule. Bodies never
 * travel: rows are read with articleSummaryColumns.
 */
export async function listNews(db: Db, query: NewsListQuery): Promise<NewsList> {
  const limit = query.limit ?? NEWS_PAGE_SIZE;
  const page = query.page ?? FIRST_PAGE;
  const where = filters(query);
  const order =
    query.sort === 'publication_date'
      ? [asc(articles.publicationDate), asc(articles.id)]
      : [desc(articles.publicationDate), desc(articles.id)];

  // Sort and page narrow (date, id) pairs first, then read the wide summary rows of that page only.
  const pageIds = db
    .select({ id: articles.id })
    .from(articles)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
  const [rows, [counted], thematics] = await Promise.all([
    db
      .select({ ...articleSummaryColumns, ...detailColumns })
      .from(articles)
      .where(inArray(articles.id, pageIds))
      .orderBy(...order),
    db.select({ total: sql<number>`count(*)::int` }).from(articles).where(where),
    query.needsThematics && query.topicId ? listTopicThematics(db, query.topicId, query.types) : [],
  ]);

  const news = rows.map((row): NewsItem => {
    const summary = toArticleSummary(row);
    if (!query.full) return summary;
    return {
      ...summary,
      source: row.source,
      paywalled: row.paywalled,
      event_date: row.eventDate,
      simulator_url: row.simulatorUrl,
    };
  });
  return { news, thematics, additional: { total: counted?.total ?? 0, page, limit } };
}
