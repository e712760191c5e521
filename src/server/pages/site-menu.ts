import 'server-only';
import { cache } from 'react';
import { SIMULATOR_TOPICS } from '@/lib/constants';
import { tagsOfSiteMenu } from '../content/cache-tags';
import { getDb } from '../db/client';
import { logger } from '../log';
import { simulatorTopicsInUse } from '../simulators/section-listing';

/**
 * The simulator families the header's « Simulateurs » menu lists: those that hold a published simulator. Read once
 * per render, so the frame that shows them and the page that records their tags agree, through the shared read
 * of the simulators' listings (a few one-row queries every few seconds, whatever the traffic). A failed read
 * lists every family: the frame must not take down a page that reads nothing else (the 410 page, the login page).
 */
export const menuSimulatorTopics = cache(async (): Promise<readonly string[]> => {
  try {
    return await simulatorTopicsInUse(await getDb());
  } catch (error) {
    logger.warn({ err: error }, 'familles de simulateurs du menu illisibles : toutes affichées');
    return SIMULATOR_TOPICS;
  }
});

/** The tags a reader page records (page-tags.ts) with those of the menu it shows (cache-tags.ts `tagsOfSiteMenu`). */
export async function withSiteMenuTags(tags: readonly string[]): Promise<string[]> {
  return [...tags, ...tagsOfSiteMenu(await menuSimulatorTopics())];
}
