import 'server-only';
import { getDb } from '../db/client';
import { logger } from '../log';
import { prepareNewsroom } from './bootstrap';
import { refreshGoneArticles } from './gone';

/** At start: the first administrator (or a setup token in the log), and the set of withdrawn articles. */
export async function prepareNewsroomAtStart(): Promise<void> {
  try {
    const db = await getDb();
    await Promise.all([prepareNewsroom(db), refreshGoneArticles(db)]);
  } catch (error) {
    logger.error({ err: error }, 'rédaction : préparation impossible');
  }
}
