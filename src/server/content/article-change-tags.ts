import 'server-only';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles } from '../db/schema';
import { type ArticleTagFacts, articleTag, EVERYTHING, tagsOfArticleChange } from './cache-tags';

/** Articles whose public copies one change reads for its tags at most; past it, the change touches everything. */
const MAX_TAGGED_ARTICLES = 50;

type ArticleFactsRow = {
  id: string;
  type: string;
  topics?: readonly { slug: string }[] | undefined;
  thematics?: readonly { slug: string }[] | undefined;
  trades?: readonly string[] | undefined;
  publicationDate: Date | string;
  enrichedNewsId?: string | null | undefined;
};

/** What the tags of an article depend on (cache-tags.ts), from its public row. */
export function articleFactsOf(row: ArticleFactsRow): ArticleTagFacts {
  return {
    id: row.id,
    type: row.type,
    topicSlugs: [...(row.topics ?? []), ...(row.thematics ?? [])].map((topic) => topic.slug),
    trades: row.trades ?? [],
    publicationDate: new Date(row.publicationDate),
    enrichedNewsId: row.enrichedNewsId,
  };
}

/**
 * The tags of a change to these articles as their public copies stand now (read before the change writes them,
 * and again after, or given the rows written): an article's old topics and month must refresh as well as its new
 * ones. Too many articles (an import) touch everything.
 */
export async function tagsOfPublicArticles(
  db: Pick<Db, 'select'>,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  if (ids.length > MAX_TAGGED_ARTICLES) return [EVERYTHING];
  const rows = await db
    .select({
      id: articles.id,
      type: articles.type,
      topics: articles.topics,
      thematics: articles.thematics,
      trades: articles.trades,
      publicationDate: articles.publicationDate,
      enrichedNewsId: articles.enrichedNewsId,
    })
    .from(articles)
    .where(inArray(articles.id, [...ids]));
  // An article not public before its publication still names its own page (a withdrawn address answered 410).
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  return [...tagsOfArticleChange(...rows.map(articleFactsOf)), ...missing.map(articleTag)];
}
