import 'server-only';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles, type TagRef, topics } from '../db/schema';
import { textArray } from './sql-arrays';

const tagColumns = { label: topics.label, slug: topics.slug, id: topics.id, shortId: topics.shortId };

/**
 * The topic named by a slug (a top-level subject first: slugs repeat deeper in the tree), an id
 * (EBX:EFL_Themes:…) or a short id. Null when nothing matches.
 */
export async function findTopic(db: Db, value: string): Promise<TagRef | null> {
  const [topic] = await db
    .select(tagColumns)
    .from(topics)
    .where(or(eq(topics.slug, value), eq(topics.id, value), eq(topics.shortId, value)))
    .orderBy(sql`${topics.parentId} is not null`, asc(topics.sortOrder))
    .limit(1);
  return topic ?? null;
}

/** The top-level topic of a slug only, as listing paths carry it (/actualite/{topicSlug}). */
export async function findRootTopicBySlug(db: Db, slug: string): Promise<TagRef | null> {
  const [topic] = await db
    .select(tagColumns)
    .from(topics)
    .where(and(eq(topics.slug, slug), isNull(topics.parentId)))
    .limit(1);
  return topic ?? null;
}

/**
 * The thematics of a topic offered as filters: its direct children carried by at least one article of the topic
 * (of the given content types, when some are given), in editorial order.
 */
export async function listTopicThematics(
  db: Db,
  topicId: string,
  types: readonly string[] = [],
): Promise<TagRef[]> {
  const conditions = [sql`${articles.topicIds} @> ${textArray([topicId])}`];
  if (types.length > 0) conditions.push(inArray(articles.type, [...types]));
  const carried = db
    .select({ id: sql<string>`unnest(${articles.topicIds})`.as('id') })
    .from(articles)
    .where(and(...conditions));
  return db
    .select(tagColumns)
    .from(topics)
    .where(and(eq(topics.parentId, topicId), inArray(topics.id, carried)))
    .orderBy(asc(topics.sortOrder), asc(topics.label));
}
