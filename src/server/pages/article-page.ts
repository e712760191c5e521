import 'server-only';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { ARTICLE_RELATED_PRODUCTS, RELATED_ARTICLES, RELATED_ARTICLES_REQUESTED } from '@/lib/constants';
import type { ArticlePageData } from '@/lib/contracts/reader-pages';
import { listArticleUpdates } from '@/server/article-updates/notes';
import { type ArticleForReader, getArticleForReader } from '@/server/content/article-single';
import type { ArticleSummary } from '@/server/content/article-summary';
import { listNews } from '@/server/content/news-list';
import type { Db } from '@/server/db/client';
import { articleSections } from '@/server/db/schema';
import { getProducts } from '@/server/shop/products';

export type { ArticlePageData };

/**
 * The article page as a visitor without access receives it: the page HTML is cached and shared, so it is always
 * built through the paywall gate with hasAccess false. Logged-in readers get the withheld parts from
 * /api/article/single in the browser (docs/decisions: page caching).
 */
export async function loadArticlePage(db: Db, newsId: string): Promise<ArticlePageData | null> {
  const single = await getArticleForReader(db, newsId, false);
  if (!single) return null;
  return withRelated(db, single);
}

/** Where 'A lire aussi' is drawn from: the article's thematics, or its first topic when it has none. */
function relatedNewsSource<Topic>(article: { topics: Topic[]; thematics: Topic[] }): Topic[] {
  return article.thematics.length > 0 ? article.thematics : article.topics.slice(0, 1);
}

/**
 * The page around an article: related news and shop products (the newsroom's preview builds it too). The
 * sections the gate withheld are listed, locked, in the table of contents: the published ones by default, or
 * `allSections` for a preview, whose draft's sections may not be published yet.
 */
export async function withRelated(
  db: Db,
  single: ArticleForReader,
  allSections?: readonly { id: string; title: string }[],
): Promise<ArticlePageData> {
  const { article } = single;
  const shownIds = new Set(article.sections.map((section) => section.id));
  const thematicsIds = article.thematics.map((thematic) => thematic.id);
  const topicId = thematicsIds.length === 0 ? relatedNewsSource(article)[0]?.id : undefined;
  const [{ news }, products, lockedSections, updates] = await Promise.all([
    listNews(db, { thematicsIds, topicId, limit: RELATED_CANDIDATES }),
    getProducts(db, {
      nbProducts: ARTICLE_RELATED_PRODUCTS,
      metier: article.trades[0],
      subject: article.topics[0]?.slug,
    }),
    !single.isPaywallable || article.sections.length === 0
      ? []
      : allSections
        ? allSections.filter((section) => !shownIds.has(section.id)).map(({ id, title }) => ({ id, title }))
        : db
            .select({ id: articleSections.id, title: articleSections.title })
            .from(articleSections)
            .where(
              and(
                eq(articleSections.articleId, article.id),
                notInArray(
                  articleSections.id,
                  article.sections.map((section) => section.id),
                ),
              ),
            )
            .orderBy(asc(articleSections.position)),
    listArticleUpdates(db, article.id),
  ]);
  return { ...single, related: relatedNews(article, news), products, lockedSections, updates };
}

/**
 * Candidates read for 'A lire aussi': the spec's four leave room for the article itself only, and the same story
 * is often published twice (a news and its enriched version, a repeated title): twice that lets three remain.
 */
const RELATED_CANDIDATES = RELATED_ARTICLES_REQUESTED * 2;

/** A title as readers compare them: case, accents, punctuation and spacing aside. */
const titleKey = (title: string) =>
  title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * 'A lire aussi': never the article being read, nor its enriched twin or plain twin (same enriched news id, same
 * title), and no two news of the same title; at most RELATED_ARTICLES, newest first.
 */
function relatedNews<T extends Pick<ArticleSummary, 'id' | 'enriched_news_id' | 'title'>>(
  article: Pick<ArticleSummary, 'id' | 'enriched_news_id' | 'title'>,
  candidates: readonly T[],
): T[] {
  const seenTitles = new Set([titleKey(article.title)]);
  const related: T[] = [];
  for (const item of candidates) {
    if (related.length === RELATED_ARTICLES) break;
    if (item.id === article.id) continue;
    if (article.enriched_news_id && item.enriched_news_id === article.enriched_news_id) continue;
    const key = titleKey(item.title);
    if (seenTitles.has(key)) continue;
    seenTitles.add(key);
    related.push(item);
  }
  return related;
}
