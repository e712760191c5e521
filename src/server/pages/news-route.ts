import 'server-only';
import { PATHS } from '@/lib/constants';
import { isNewsTopic, type ListingPageData, loadListingPage } from './news-listing';
import type { SectionDefinition } from './section-route';

/**
 * /actualite: the news home (no segment), a topic page (/actualite/{topic}), a thematic page
 * (/actualite/{topic}/{t1_t2}, also the sub-topic paths /actualite/{trade}/{subtopic}) or an article
 * (/actualite/{slug}_{id}); listings filtered by `?metier=` and `?format=` through the filter segment.
 */
export const NEWS_SECTION: SectionDefinition<ListingPageData> = {
  base: PATHS.news,
  filterSegment: true,
  isListing: (first) => first === undefined || isNewsTopic(first),
  loadListing: (db, topic, thematics, filters) => loadListingPage(db, topic, thematics, filters),
};
