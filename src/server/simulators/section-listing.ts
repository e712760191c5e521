import 'server-only';
import { ARTICLE_TYPE, SIMULATOR_TOPICS } from '@/lib/constants';
import { TOPIC_LABELS } from '@/lib/navigation';
import { parseThematics } from '@/lib/params';
import { sharedRead } from '../cache/shared-reads';
import { listNews, type NewsItem } from '../content/news-list';
import { findRootTopicBySlug, listTopicThematics } from '../content/topics';
import type { Db } from '../db/client';
import type { TagRef } from '../db/schema';

/**
 * The listing of one content type (simulators, figures and rates) by topic and thematics, shared by
 * /simulateurs and /chiffres-taux so both read lists the same way, through listNews.
 */

export type SectionListing = {
  /** The topic of the path; a slug without a root topic (finance) filters by trade instead. */
  topic: { slug: string; label: string } | null;
  /** Thematics of the topic that some item of the type carries, offered as filters. */
  thematics: TagRef[];
  selected: TagRef[];
  news: NewsItem[];
  hasMore: boolean;
  /** The GET /api/article/summary query the browser repeats to load more, page and limit aside. */
  filter: Record<string, string>;
  /** Simulators only: the topics holding simulators, offered as the listing's topics. */
  topicsInUse?: string[];
};

export async function loadSectionListing(
  db: Db,
  query: { type: string; topicSlug?: string | undefined; thematicsParam?: string | undefined; limit: number },
  now: Date = new Date(),
): Promise<SectionListing> {
  const root = query.topicSlug ? await findRootTopicBySlug(db, query.topicSlug) : null;
  const thematics = root ? await listTopicThematics(db, root.id, [query.type]) : [];
  const selectedSlugs = parseThematics(
    query.thematicsParam,
    thematics.map((thematic) => thematic.slug),
  );
  const selected = thematics.filter((thematic) => selectedSlugs.includes(thematic.slug));
  const thematicsIds = selected.map((thematic) => thematic.id);
  const trade = query.topicSlug && !root ? query.topicSlug : undefined;
  const list = await listNews(db, {
    types: [query.type],
    topicId: root?.id,
    trade,
    thematicsIds,
    to: now,
    limit: query.limit,
    full: true,
  });
  const topic = query.topicSlug
    ? { slug: query.topicSlug, label: root?.label ?? TOPIC_LABELS[query.topicSlug] ?? query.topicSlug }
    : null;
  return {
    topic,
    thematics,
    selected,
    news: list.news,
    hasMore: list.news.length === query.limit,
    filter: {
      type: query.type,
      full: 'true',
      ...(root ? { topic: root.slug } : {}),
      ...(trade ? { trade } : {}),
      ...(thematicsIds.length > 0 ? { thematicsId: thematicsIds.join(',') } : {}),
      to: now.toISOString(),
    },
  };
}

/** The listing as a page of its own: null when its thematics segment names no thematic of the topic. */
export async function loadSectionListingPage(
  db: Db,
  query: Parameters<typeof loadSectionListing>[1],
): Promise<SectionListing | null> {
  const data = await loadSectionListing(db, query);
  return query.thematicsParam !== undefined && data.selected.length === 0 ? null : data;
}

/**
 * The simulator topics that hold at least one published simulator, in the order of SIMULATOR_TOPICS: the links to
 * simulators by topic offer no empty family. Shared between the pages rendered within a few seconds.
 */
export function simulatorTopicsInUse(db: Db, now: Date = new Date()): Promise<string[]> {
  return sharedRead('simulator-topics', 'in-use', async () => {
    const used = await Promise.all(
      SIMULATOR_TOPICS.map(async (slug) => {
        const root = await findRootTopicBySlug(db, slug);
        const list = await listNews(db, {
          types: [ARTICLE_TYPE.simulator],
          topicId: root?.id,
          trade: root ? undefined : slug,
          to: now,
          limit: 1,
        });
        return list.news.length > 0 ? [slug] : [];
      }),
    );
    return used.flat();
  });
}
