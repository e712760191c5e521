import 'server-only';
import { Feed } from 'feed';
import { NEWS_PAGE_SIZE, PATHS } from '@/lib/constants';
import { DAILY_NAME, PUBLISHER_NAME, SITE_TAGLINE } from '@/lib/site';
import { escapeHtml } from '@/lib/text';
import { articlePath, topicPath } from '@/lib/urls';
import { listNews } from '@/server/content/news-list';
import { findRootTopicBySlug } from '@/server/content/topics';
import type { Db } from '@/server/db/client';
import { NEWS_LIST_TYPES } from './news-listing';
import { absoluteUrl, feedPath } from './seo';

/**
 * RSS 2.0 of the latest news, all topics or one. An item carries the title, link, date, author, topics and the
 * summary, which every visitor may read; never the body, so no gated text can reach a feed. Null for an
 * unknown topic.
 */
export async function newsFeedXml(db: Db, topicSlug?: string): Promise<string | null> {
  const topic = topicSlug ? await findRootTopicBySlug(db, topicSlug) : null;
  if (topicSlug && !topic) return null;
  const { news } = await listNews(db, { topicId: topic?.id, types: NEWS_LIST_TYPES, limit: NEWS_PAGE_SIZE });
  const listing = topic ? topicPath('news', topic.slug) : PATHS.news;
  const feed = new Feed({
    title: topic ? `${DAILY_NAME} – Actualité : ${topic.label}` : `${DAILY_NAME} – Toutes les actualités`,
    description: SITE_TAGLINE,
    id: absoluteUrl(listing),
    link: absoluteUrl(listing),
    language: 'fr',
    copyright: `© ${PUBLISHER_NAME}`,
    generator: false,
    updated: news[0] ? new Date(news[0].publication_date) : new Date(0),
    feedLinks: { rss: absoluteUrl(feedPath(topic?.slug)) },
  });
  for (const item of news) {
    const link = absoluteUrl(articlePath({ ...item, enrichedNewsId: item.enriched_news_id }));
    // The library writes title and description in CDATA, which feed readers take as HTML: plain texts are
    // escaped so that their characters show as typed and no markup of theirs runs.
    feed.addItem({
      title: escapeHtml(item.title),
      id: link,
      link,
      // An update moves the item's date (RSS 2.0's pubDate; `published` would take its place) under the same
      // guid, so feed readers show the updated article again instead of a second item.
      date: new Date(item.update_date ?? item.publication_date),
      description: escapeHtml(item.summary),
      ...(item.author ? { author: [{ name: item.author }] } : {}),
      category: item.topics.map((tag) => ({ name: tag.label })),
    });
  }
  return feed.rss2();
}
