import 'server-only';
import {
  ARTICLE_TYPE,
  NEWS_PAGE_SIZE,
  NEWS_TOPICS,
  PRERENDER_TOPIC_SIZE,
  TOPIC_PRODUCTS,
} from '@/lib/constants';
import type { NewsFilters } from '@/lib/news-filters';
import { parseThematics } from '@/lib/params';
import { listNews, type NewsItem } from '@/server/content/news-list';
import { findRootTopicBySlug, listTopicThematics } from '@/server/content/topics';
import type { Db } from '@/server/db/client';
import type { TagRef } from '@/server/db/schema';
import { type Banner, listBanners } from '@/server/home-blocks/banners';
import { getProducts, type ShopProduct } from '@/server/shop/products';
import { listWhitePapers, type WhitePaper } from '@/server/shop/white-papers';

/** Content types of news listings: every news format, without agenda, simulators and figures. */
export const NEWS_LIST_TYPES: readonly string[] = [
  ARTICLE_TYPE.news,
  ARTICLE_TYPE.video,
  ARTICLE_TYPE.podcast,
  ARTICLE_TYPE.timeline,
  ARTICLE_TYPE.infographic,
];

/** The video and podcast carousel of the news home and topic pages. */
const MEDIA_TYPES: readonly string[] = [ARTICLE_TYPE.video, ARTICLE_TYPE.podcast];
/** News items of that carousel. */
const MEDIA_CAROUSEL_SIZE = 6;

/** The query the browser repeats for 'Plus d'actualités' (GET /api/article/summary), page and limit aside. */
export type ListingFilter = {
  trade?: string;
  topic?: string;
  thematicsId?: string;
  type: string;
  to: string;
};

export type ListingPageData = {
  /** The top-level topic, null on the news home. */
  topic: TagRef | null;
  /** Thematics of the topic that some news carries, offered as filters. */
  thematics: TagRef[];
  /** Selected thematics, valid ones only, in the order of the path. */
  selected: TagRef[];
  /** The trade and format filters of the query string (known values), applied to the whole page. */
  filters: NewsFilters;
  news: NewsItem[];
  /** Whether a full first page came back: 'Plus d'actualités' is offered. */
  hasMore: boolean;
  filter: ListingFilter;
  media: NewsItem[];
  products: ShopProduct[];
  banner: Banner | null;
  whitePapers: WhitePaper[];
};

/** Whether a path segment names a news topic (/actualite/{topic}). */
export function isNewsTopic(slug: string): boolean {
  return (NEWS_TOPICS as readonly string[]).includes(slug);
}

/**
 * The news home (topic undefined) or a topic page, with the thematics of its path (joined by '_'; an invalid
 * slug is dropped), filtered by trade and format: the grid, the media carousel, the list and its next pages.
 * Null when the topic does not exist.
 */
export async function loadListingPage(
  db: Db,
  topicSlug: string | undefined,
  thematicsParam: string | undefined,
  filters: NewsFilters = {},
  now: Date = new Date(),
): Promise<ListingPageData | null> {
  const topic = topicSlug ? await findRootTopicBySlug(db, topicSlug) : null;
  if (topicSlug && !topic) return null;
  const thematics = topic ? await listTopicThematics(db, topic.id, NEWS_LIST_TYPES) : [];
  const selectedSlugs = parseThematics(
    thematicsParam,
    thematics.map((thematic) => thematic.slug),
  );
  const selected = selectedSlugs.flatMap((slug) => thematics.filter((thematic) => thematic.slug === slug));
  const size = topic ? PRERENDER_TOPIC_SIZE : NEWS_PAGE_SIZE;
  const thematicsIds = selected.map((thematic) => thematic.id);
  const types = filters.format ? [filters.format] : NEWS_LIST_TYPES;
  const mediaTypes = MEDIA_TYPES.filter((type) => types.includes(type));
  const trade = filters.metier;

  const [list, media, products, banners, whitePapers] = await Promise.all([
    listNews(db, { trade, topicId: topic?.id, thematicsIds, types, to: now, limit: size }),
    mediaTypes.length > 0
      ? listNews(db, { trade, topicId: topic?.id, types: mediaTypes, limit: MEDIA_CAROUSEL_SIZE })
      : { news: [] },
    topic
      ? getProducts(db, { nbProducts: TOPIC_PRODUCTS, subject: topic.slug, metier: trade ?? topic.slug })
      : [],
    topic ? listBanners(db) : Promise.resolve([]),
    topic ? Promise.resolve([]) : listWhitePapers(db),
  ]);

  return {
    topic,
    thematics,
    selected,
    filters,
    news: list.news,
    hasMore: list.news.length === size,
    filter: {
      ...(trade ? { trade } : {}),
      ...(topic ? { topic: topic.slug } : {}),
      ...(thematicsIds.length > 0 ? { thematicsId: thematicsIds.join(',') } : {}),
      type: types.join(','),
      to: now.toISOString(),
    },
    media: media.news,
    products,
    banner: banners[0] ?? null,
    whitePapers,
  };
}
