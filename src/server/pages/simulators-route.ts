import 'server-only';
import { ARTICLE_TYPE, PATHS, PRERENDER_SIMULATORS_SIZE, SIMULATOR_TOPICS } from '@/lib/constants';
import { ARTICLE_ID_PATTERN } from '@/lib/urls';
import {
  loadSectionListingPage,
  type SectionListing,
  simulatorTopicsInUse,
} from '../simulators/section-listing';
import type { SectionDefinition } from './section-route';

const isSimulatorTopic = (slug: string) => (SIMULATOR_TOPICS as readonly string[]).includes(slug);

/**
 * /simulateurs: the simulators (of a topic, of thematics) or one simulator, by /simulateurs/{slug}_{id} or by
 * its bare id /simulateurs/{simulatorId}, an address of its own.
 */
export const SIMULATORS_SECTION: SectionDefinition<SectionListing> = {
  base: PATHS.simulators,
  isListing: (first) => first === undefined || isSimulatorTopic(first),
  loadListing: async (db, topicSlug, thematicsParam) => {
    const [listing, topicsInUse] = await Promise.all([
      loadSectionListingPage(db, {
        type: ARTICLE_TYPE.simulator,
        topicSlug,
        thematicsParam,
        limit: PRERENDER_SIMULATORS_SIZE,
      }),
      simulatorTopicsInUse(db),
    ]);
    return listing && { ...listing, topicsInUse };
  },
  articleById: (segment) => ARTICLE_ID_PATTERN.test(segment),
  showsArticle: (article) => article.type === ARTICLE_TYPE.simulator,
};
