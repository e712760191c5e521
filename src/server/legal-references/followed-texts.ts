import 'server-only';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alertSubscriptions, articles, followedTexts, legalReferences } from '../db/schema';
import { AppError } from '../http/errors';
import { describeReference } from './describe';

/** More texts than any reader follows; bounds the work of a digest. */
const FOLLOWED_TEXTS_MAX = 200;

export async function isTextFollowed(db: Db, customerId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: followedTexts.key })
    .from(followedTexts)
    .where(and(eq(followedTexts.customerId, customerId), eq(followedTexts.key, key)));
  return Boolean(row);
}

/** The texts a reader follows. */
async function listFollowedTexts(db: Pick<Db, 'select'>, customerId: number): Promise<string[]> {
  const rows = await db
    .select({ key: followedTexts.key })
    .from(followedTexts)
    .where(eq(followedTexts.customerId, customerId))
    .orderBy(followedTexts.key);
  return rows.map((row) => row.key);
}

/**
 * "Suivre ce texte" and its undo. Following gives the reader an alert when they have none (daily, no topic), so
 * the next digest brings what we publish about the text from now on; an alert they already have keeps its
 * frequency and topics.
 */
export async function setTextFollowed(
  db: Db,
  customerId: number,
  key: string,
  followed: boolean,
): Promise<void> {
  if (!describeReference(key)) throw new AppError('bad_request', 'Référence inconnue.');
  if (!followed) {
    await db
      .delete(followedTexts)
      .where(and(eq(followedTexts.customerId, customerId), eq(followedTexts.key, key)));
    return;
  }
  await db.transaction(async (tx) => {
    if ((await listFollowedTexts(tx, customerId)).length >= FOLLOWED_TEXTS_MAX) {
      throw new AppError('bad_request', `Vous suivez déjà ${FOLLOWED_TEXTS_MAX} textes, le maximum.`);
    }
    await tx.insert(followedTexts).values({ customerId, key }).onConflictDoNothing();
    await tx
      .insert(alertSubscriptions)
      .values({ customerId, frequency: 'daily', topicIds: [] })
      .onConflictDoNothing();
  });
}

/** The condition on `articles` of a reader's digest: the article cites a text the reader follows. */
export function citesTextFollowedBy(customerId: number): SQL {
  return sql`${articles.id} in (select ${legalReferences.documentId} from ${legalReferences} where ${legalReferences.corpus} = 'article' and ${legalReferences.key} in (select ${followedTexts.key} from ${followedTexts} where ${followedTexts.customerId} = ${customerId}))`;
}

/** Stops following every text (the reader ends their alerts). */
export async function unfollowAllTexts(db: Pick<Db, 'delete'>, customerId: number): Promise<void> {
  await db.delete(followedTexts).where(eq(followedTexts.customerId, customerId));
}
