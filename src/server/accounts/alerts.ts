import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { NEWS_TOPICS } from '@/lib/constants';
import { findRootTopicBySlug, listTopicThematics } from '../content/topics';
import type { Db } from '../db/client';
import { alertSubscriptions, type TagRef, topics } from '../db/schema';
import { unfollowAllTexts } from '../legal-references/followed-texts';
import { AccountFormError } from './form-error';

/** How often a reader's digest of new articles in the chosen topics is sent. */
export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  daily: 'Chaque jour',
  weekly: 'Chaque semaine (le lundi)',
};

/** More choices than any real reader makes; bounds the work of a digest. */
const ALERT_TOPICS_MAX = 100;

export type AlertPreferences = { frequency: AlertFrequency; topicIds: string[] };

/** A news topic and the thematics a reader may follow in it. */
export type AlertTopicChoice = { topic: TagRef; thematics: TagRef[] };

/** What Mon compte offers: the eight news topics, each with its thematics that carry articles. */
export async function alertTopicChoices(db: Db): Promise<AlertTopicChoice[]> {
  const roots = await Promise.all(NEWS_TOPICS.map((slug) => findRootTopicBySlug(db, slug)));
  return Promise.all(
    roots
      .filter((topic): topic is TagRef => topic !== null)
      .map(async (topic) => ({ topic, thematics: await listTopicThematics(db, topic.id) })),
  );
}

export async function getAlertPreferences(db: Db, customerId: number): Promise<AlertPreferences | null> {
  const [row] = await db
    .select({ frequency: alertSubscriptions.frequency, topicIds: alertSubscriptions.topicIds })
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.customerId, customerId));
  return row ? { frequency: row.frequency as AlertFrequency, topicIds: row.topicIds } : null;
}

/**
 * Sets a reader's alerts; no topic ends them. Topics must exist in the taxonomy (400 otherwise). A new alert
 * covers the articles published from now on; a change keeps what the last digest covered.
 */
export async function setAlertPreferences(
  db: Db,
  customerId: number,
  frequency: string,
  topicIds: readonly string[],
): Promise<AlertPreferences | null> {
  const unique = [...new Set(topicIds)];
  if (unique.length === 0) {
    await stopAlerts(db, customerId);
    return null;
  }
  if (!(ALERT_FREQUENCIES as readonly string[]).includes(frequency)) {
    throw new AccountFormError('alert_frequency');
  }
  if (unique.length > ALERT_TOPICS_MAX) throw new AccountFormError('alert_topics');
  const known = await db.select({ id: topics.id }).from(topics).where(inArray(topics.id, unique));
  if (known.length !== unique.length) throw new AccountFormError('alert_topics');
  await db
    .insert(alertSubscriptions)
    .values({ customerId, frequency, topicIds: unique })
    .onConflictDoUpdate({
      target: alertSubscriptions.customerId,
      set: { frequency, topicIds: unique, updatedAt: sql`now()` },
    });
  return { frequency: frequency as AlertFrequency, topicIds: unique };
}

/** Ends a reader's alerts (Mon compte, or the one-click link of a digest). */
export async function stopAlerts(db: Db, customerId: number): Promise<void> {
  await db.delete(alertSubscriptions).where(eq(alertSubscriptions.customerId, customerId));
  // The texts followed ("Suivre ce texte") are alerts too.
  await unfollowAllTexts(db, customerId);
}
