import 'server-only';
import { arrayContains, asc, or, sql } from 'drizzle-orm';
import { HOME_NEWS_FILTER_SIZE, HOME_OFFERS_CATEGORY, HOME_OFFERS_PRODUCTS } from '@/lib/constants';
import type { ArticleSummary } from '@/server/content/article-summary';
import { listNews } from '@/server/content/news-list';
import { type DailyIssue, getCurrentIssue } from '@/server/daily-issue/daily-issue';
import type { Db } from '@/server/db/client';
import { homeOfferCategories, solutions } from '@/server/db/schema';
import { type Banner, listBanners } from '@/server/home-blocks/banners';
import { shopUrl } from '@/server/shop/links';
import { getProducts, type ShopProduct } from '@/server/shop/products';
import { listWhitePapers, type WhitePaper } from '@/server/shop/white-papers';
import { NEWS_LIST_TYPES } from './news-listing';

/** A digital solution of 'Nos solutions' (spec section 3). */
export type Solution = { title: string; text: string; link: string; color: string };

export type HomePageData = {
  issue: DailyIssue | null;
  /** The hidden marker of an issue that failed to load: '(status):message'. */
  issueError: string | null;
  /** The news shown: the issue's, or with a trade the latest news for that trade. */
  news: ArticleSummary[];
  banners: Banner[];
  offers: ShopProduct[];
  solutions: Solution[];
  whitePapers: WhitePaper[];
};

/** The solutions for a trade (all of them without one), in editorial order. */
async function listSolutions(db: Db, trade: string | undefined): Promise<Solution[]> {
  const rows = await db
    .select()
    .from(solutions)
    .where(
      trade
        ? or(arrayContains(solutions.trades, [trade]), sql`cardinality(${solutions.trades}) = 0`)
        : undefined,
    )
    .orderBy(asc(solutions.position), asc(solutions.id));
  return rows.map((row) => ({ title: row.title, text: row.text, link: shopUrl(row.link), color: row.color }));
}

/** The shop categories of 'Les offres du moment' chosen in the newsroom; none chosen: the spec's category 11. */
async function listOfferCategories(db: Db): Promise<string[]> {
  const rows = await db
    .select({ category: homeOfferCategories.category })
    .from(homeOfferCategories)
    .orderBy(asc(homeOfferCategories.position));
  return rows.length > 0 ? rows.map((row) => row.category) : [HOME_OFFERS_CATEGORY];
}

async function loadIssue(db: Db): Promise<{ issue: DailyIssue | null; issueError: string | null }> {
  try {
    return { issue: await getCurrentIssue(db), issueError: null };
  } catch (error) {
    const status =
      typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
    const message = error instanceof Error ? error.message : String(error);
    return { issue: null, issueError: `(${status}):${message}` };
  }
}

/**
 * The home page: the current issue (or, with a trade, the latest news of that trade), banners, the offers of the
 * moment (shop category 11 or the newsroom's choice, filtered by trade with the shop's fallback), then the solutions (requested after the
 * products, as the spec orders it) and the white papers. A failing issue leaves the rest of the page.
 */
export async function loadHomePage(db: Db, trade: string | undefined): Promise<HomePageData> {
  const [{ issue, issueError }, tradeNews, banners, offers, whitePapers] = await Promise.all([
    loadIssue(db),
    trade ? listNews(db, { trade, types: NEWS_LIST_TYPES, limit: HOME_NEWS_FILTER_SIZE }) : null,
    listBanners(db),
    listOfferCategories(db).then((categories) =>
      getProducts(db, { categories, nbProducts: HOME_OFFERS_PRODUCTS, metier: trade }),
    ),
    listWhitePapers(db),
  ]);
  const solutionList = await listSolutions(db, trade);
  return {
    issue,
    issueError,
    news: tradeNews ? tradeNews.news : (issue?.news ?? []),
    banners,
    offers,
    solutions: solutionList,
    whitePapers,
  };
}
