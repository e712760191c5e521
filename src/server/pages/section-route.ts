import 'server-only';
import { cache } from 'react';
import { PATHS } from '@/lib/constants';
import { type NewsFilters, parseFilterSegment, withNewsFilters } from '@/lib/news-filters';
import { articlePath, canonicalThematicsPath, parseArticleParam } from '@/lib/urls';
import { tagRenderedPage } from '@/server/cache/page-tags';
import {
  EVERYTHING,
  type LIST_TAGS,
  tagsOfArticlePage,
  tagsOfListingPage,
} from '@/server/content/cache-tags';
import { type Db, getDb } from '@/server/db/client';
import { type ArticlePageData, loadArticlePage } from './article-page';
import { withSiteMenuTags } from './site-menu';

/**
 * The one mechanism of the section routes: news (/actualite), figures and rates
 * (/chiffres-taux) and simulators (/simulateurs) each show a listing (the section's home, a topic, a topic's
 * thematics) or an article under one optional catch-all route, and redirect (308) to the canonical address of
 * either. A section declares only what differs (`SectionDefinition`); the resolving, the memo for the request and
 * the canonical addresses are here.
 */

/** What a section listing shows, as far as the shared mechanism needs it: the thematics the path selected. */
type ListingData = { selected: readonly { slug: string }[] };

export type SectionDefinition<Listing extends ListingData> = {
  /** The section's address (PATHS.news, …): articles of other sections redirect away from it. */
  base: string;
  /** Whether the first segment of a path (undefined on the section's home) and its second name a listing. */
  isListing(first: string | undefined, second: string | undefined): boolean;
  /** The listing of a topic and thematics segment (both undefined on the section's home); null: no such page. */
  loadListing(
    db: Db,
    topic: string | undefined,
    thematics: string | undefined,
    filters: NewsFilters,
  ): Promise<Listing | null>;
  /** Whether a first segment `~{metier}~{format}` (next.config.ts's rewrite of `?metier=`, `?format=`) may lead. */
  filterSegment?: boolean;
  /** Whether the bare id of an article (`/simulateurs/{simulatorId}`) is an address of its own, as it is. */
  articleById?(segment: string): boolean;
  /** Whether an article of this type is shown in this section; other types redirect to their own address. */
  showsArticle?(article: Article): boolean;
};

export type SectionRoute<Listing> =
  | {
      kind: 'listing';
      data: Listing;
      /** The topic and thematics segments as asked, and the filters of the filter segment. */
      topic?: string;
      thematics?: string;
      filters: NewsFilters;
    }
  | {
      kind: 'article';
      data: ArticlePageData;
      /** Asked by its bare id (`/simulateurs/{simulatorId}`), an address kept as it is. */
      byId: boolean;
    };

type SectionResolver<Listing> = (segments: readonly string[]) => Promise<SectionRoute<Listing> | null>;

/**
 * The resolver of a section: what a path under it shows, null for anything else (page not found). Memoised for
 * the request, so the metadata and the page read the database once.
 */
export function sectionResolver<Listing extends ListingData>(
  section: SectionDefinition<Listing>,
): SectionResolver<Listing> {
  // Keyed by the segments joined: arrays differ by identity.
  const resolveByPath = cache(async (path: string): Promise<SectionRoute<Listing> | null> => {
    const segments = path === '' ? [] : path.split('/');
    let filters: NewsFilters = {};
    if (section.filterSegment && segments[0]?.startsWith('~')) {
      const parsed = parseFilterSegment(segments[0]);
      if (!parsed) return null;
      filters = parsed;
      segments.shift();
    }
    const [first, second, ...extra] = segments;
    if (extra.length > 0) return null;
    const db = await getDb();
    if (section.isListing(first, second)) {
      const data = await section.loadListing(db, first, second, filters);
      return data ? { kind: 'listing', data, topic: first, thematics: second, filters } : null;
    }
    // Filters belong to listings; an article has one address.
    if (filters.metier || filters.format || first === undefined || second !== undefined) return null;
    const param = parseArticleParam(first);
    const byId = !param && (section.articleById?.(first) ?? false);
    const id = param?.id ?? (byId ? first : null);
    if (!id) return null;
    const data = await loadArticlePage(db, id);
    return data ? { kind: 'article', data, byId } : null;
  });
  return (segments) => resolveByPath(segments.map((segment) => decodeURIComponent(segment)).join('/'));
}

/**
 * Where a resolved route must be asked instead (a permanent redirect), or null at its own address:
 * - a listing whose thematics segment is not the canonical one (an unknown slug is dropped, the order is the
 *   taxonomy's: spec), the filters kept as the query string they came from;
 * - an article asked at an outdated slug, by a flash link (`/actualite/actu_{id}`), or in a section not its own.
 * `asked` is the first segment as requested.
 */
export function sectionRedirect<Listing extends ListingData>(
  section: SectionDefinition<Listing>,
  route: SectionRoute<Listing>,
  asked: string | undefined,
): string | null {
  if (route.kind === 'listing') {
    if (route.topic === undefined || route.thematics === undefined) return null;
    const canonical = canonicalThematicsPath(section.base, route.topic, route.thematics, route.data.selected);
    return canonical ? withNewsFilters(canonical, route.filters) : null;
  }
  const { article } = route.data;
  const path = articleAddress(article);
  if (section.showsArticle && !section.showsArticle(article)) return path;
  if (route.byId) return null;
  return `${section.base}/${asked}` === canonicalArticlePath(article) ? null : path;
}

type Article = ArticlePageData['article'];

/** The address of an article, with the fragment of its part in an enriched news. */
function articleAddress(article: Article): string {
  return articlePath({ ...article, enrichedNewsId: article.enriched_news_id });
}

/** The canonical address of an article's page (an enriched news' part: the enriched news' page). */
export function canonicalArticlePath(article: Article): string {
  const path = articleAddress(article);
  return path.split('#')[0] ?? path;
}

const LIST_OF_SECTION: Record<string, keyof typeof LIST_TAGS> = {
  [PATHS.news]: 'news',
  [PATHS.rates]: 'rates',
  [PATHS.simulators]: 'simulators',
};

/**
 * Records what the page at `segments` of a section shows (docs/decisions/073-content-tags.md), its header's menu
 * included, under its address as readers ask it, so the page cache and the content changes refresh it by its tags.
 */
export async function tagSectionPage<Listing extends ListingData>(
  section: SectionDefinition<Listing>,
  segments: readonly string[],
  route: SectionRoute<Listing>,
): Promise<void> {
  // The segments as the request's path has them (the resolver decodes its own copy).
  const path = [section.base, ...segments].join('/');
  tagRenderedPage(path, await withSiteMenuTags(sectionPageTags(section, route)));
}

function sectionPageTags<Listing extends ListingData>(
  section: SectionDefinition<Listing>,
  route: SectionRoute<Listing>,
): string[] {
  if (route.kind === 'article') {
    const { article } = route.data;
    return tagsOfArticlePage({ id: article.id, enrichedNewsId: article.enriched_news_id });
  }
  const list = LIST_OF_SECTION[section.base];
  const topics = [route.topic, ...route.data.selected.map((thematic) => thematic.slug)];
  // A section of no known list shows what it likes: refreshed by every change.
  return list ? tagsOfListingPage(list, topics) : [EVERYTHING];
}
