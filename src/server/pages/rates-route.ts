import 'server-only';
import { ARTICLE_TYPE, NEWS_TOPICS, PATHS, RATES_LIST_LIMIT, RATES_TOPICS } from '@/lib/constants';
import { loadSectionListingPage, type SectionListing } from '../simulators/section-listing';
import type { SectionDefinition } from './section-route';

const isRatesTopic = (slug: string) => (RATES_TOPICS as readonly string[]).includes(slug);
/** Sub-topic paths /chiffres-taux/{trade}/{subtopic} are named by any of the eight trades. */
const isTrade = (slug: string) => (NEWS_TOPICS as readonly string[]).includes(slug);

/**
 * /chiffres-taux: the latest figures and rates, those of a topic, of a topic's thematics
 * (/chiffres-taux/{trade}/{subtopic} included) or an article /chiffres-taux/{slug}_{id}.
 */
export const RATES_SECTION: SectionDefinition<SectionListing> = {
  base: PATHS.rates,
  isListing: (first, second) =>
    first === undefined || isRatesTopic(first) || (second !== undefined && isTrade(first)),
  loadListing: (db, topicSlug, thematicsParam) =>
    loadSectionListingPage(db, {
      type: ARTICLE_TYPE.rates,
      topicSlug,
      thematicsParam,
      limit: RATES_LIST_LIMIT,
    }),
};
