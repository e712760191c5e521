import 'server-only';
import { ARTICLE_RELATED_PRODUCTS, RELATED_ARTICLES, RELATED_ARTICLES_REQUESTED } from '@/lib/constants';
import { type ArticleForReader, getArticleForReader } from '@/server/content/article-single';
import type { ArticleSummary } from '@/server/content/article-summary';
import { listNews } from '@/server/content/news-list';
import type { Db } from '@/server/db/client';
import { getProducts, type ShopProduct } from '@/server/shop/products';

export type ArticlePageData = ArticleForReader & {
  /** 'A lire aussi': news sharing a thematic (else the topic), the article itself left out. */
  related: ArticleSummary[];
  /** 'Aller plus loin': shop products for the article's trade and subject (with the shop's fallback). */
  products: ShopProduct[];
};

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

/** The page around an article: related news and shop products (the newsroom's preview builds it too). */
export async function withRelated(db: Db, single: ArticleForReader): Promise<ArticlePageData> {
  const { article } = single;
  const thematicsIds = article.thematics.map((thematic) => thematic.id);
  const topicId = thematicsIds.length === 0 ? article.topics[0]?.id : undefined;
  const [{ news }, products] = await Promise.all([
    listNews(db, { thematicsIds, topicId, limit: RELATED_ARTICLES_REQUESTED }),
    getProducts(db, {
      nbProducts: ARTICLE_RELATED_PRODUCTS,
      metier: article.trades[0],
      subject: article.topics[0]?.slug,
    }),
  ]);
  const related = news.filter((item) => item.id !== article.id).slice(0, RELATED_ARTICLES);
  return { ...single, related, products };
}
