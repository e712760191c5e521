import 'server-only';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../db/client';
import { rememberBox } from '../lib/remember';
import { isSameSecret } from '../lib/secrets';
import { logger } from '../log';
import { EVERYTHING, TAG_PATTERN } from './cache-tags';

/**
 * Content changes reach every running server at once (docs/decisions/006-in-process-page-cache.md).
 *
 * A writer (the import) announces a change with PostgreSQL's NOTIFY inside its own transaction, so the signal
 * leaves only if the rows are committed; its payload names the tags of what changed (cache-tags.ts, decision 073).
 * Every server instance LISTENs on its own connection and refreshes the copies carrying one of those tags: the
 * page cache and shared reads in memory, and Next's ISR pages, through `POST /api/revalidate`, which only the
 * process itself can call (Next.js revalidates from a route handler, not from a bare listener). PGlite needs none
 * of this: one process owns its data directory, so nothing else can write while the server runs; the writer
 * calls its own `POST /api/revalidate` with the same tags.
 */

export const CONTENT_CHANNEL = 'content_changed';
/** A lost listening connection is reopened after this long, doubling up to the maximum. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** Tags one announcement or revalidation carries at most; a change that touches more refreshes everything. */
export const MAX_CHANGE_TAGS = 200;
/** Characters of a NOTIFY payload at most (PostgreSQL's limit is 8000 bytes): past it, everything. */
const MAX_PAYLOAD_CHARS = 6_000;

/**
 * What a change touched, as the NOTIFY payload and the revalidation body carry it: its tags, or everything
 * (docs/decisions/073-content-tags.md).
 */
export const contentChangeSchema = z.union([
  z.object({ everything: z.literal(true) }).strict(),
  z
    .object({
      tags: z
        .array(z.string().regex(TAG_PATTERN, 'étiquette invalide'))
        .min(1, 'au moins une étiquette')
        .max(MAX_CHANGE_TAGS, `au plus ${MAX_CHANGE_TAGS} étiquettes`),
    })
    .strict(),
]);
export type ContentChange = z.infer<typeof contentChangeSchema>;

/** The tags of a change as the caches compare them: `[EVERYTHING]` for everything. */
export function changedTags(change: ContentChange): readonly string[] {
  return 'everything' in change ? [EVERYTHING] : change.tags;
}

/** The message of a change naming `tags`: everything when they are too many, too long, or name it already. */
export function encodeContentChange(tags: readonly string[]): string {
  const unique = [...new Set(tags)];
  const everything = JSON.stringify({ everything: true });
  if (unique.length === 0 || unique.length > MAX_CHANGE_TAGS || unique.includes(EVERYTHING))
    return everything;
  if (!unique.every((tag) => TAG_PATTERN.test(tag))) return everything;
  const payload = JSON.stringify({ tags: unique });
  return payload.length > MAX_PAYLOAD_CHARS ? everything : payload;
}

/** The change a payload names; anything unreadable (an older server's empty payload) is everything. */
export function decodeContentChange(payload: string | undefined): ContentChange {
  try {
    const parsed = contentChangeSchema.safeParse(JSON.parse(payload ?? ''));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: everything, below.
  }
  return { everything: true };
}

/**
 * Announces a change touching `tags` (cache-tags.ts; `[EVERYTHING]` when it cannot say); inside a transaction it
 * is delivered at commit, and not at all on rollback.
 */
export async function announceContentChange(db: Pick<Db, 'execute'>, tags: readonly string[]): Promise<void> {
  await db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${encodeContentChange(tags)})`);
}

const revalidateSecret = rememberBox<string | undefined>('revalidate-secret', undefined);

/** The process's own token for `POST /api/revalidate`: random, never sent anywhere but to itself. */
export function setRevalidateSecret(secret: string): void {
  revalidateSecret.value = secret;
}

/** A fresh token: 256 random bits (Web Crypto: this module is also compiled for the edge instrumentation). */
export function newRevalidateSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/** True when the request carries this process's token, compared in constant time. */
export function isOwnRevalidateToken(authorization: string | null): boolean {
  const secret = revalidateSecret.value;
  if (!secret || !authorization?.startsWith('Bearer ')) return false;
  return isSameSecret(authorization.slice('Bearer '.length), secret);
}

/**
 * Refreshes this process's copies that carry one of `tags` through its own `POST /api/revalidate` (Next.js
 * revalidates from a route handler, not from a timer or a listener). Used by the PostgreSQL listener and, on
 * PGlite, after a write of the process itself. Never throws.
 */
export async function requestOwnRevalidation(port: number, tags: readonly string[]): Promise<boolean> {
  const secret = revalidateSecret.value;
  if (!secret) return false;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: encodeContentChange(tags),
    });
    await response.body?.cancel();
    logger.info({ status: response.status, tags: tags.slice(0, 20) }, 'contenu modifié : caches rafraîchis');
    return response.ok;
  } catch (error) {
    logger.warn({ err: error }, 'rafraîchissement des caches impossible');
    return false;
  }
}

/**
 * Listens for content changes on PostgreSQL and calls `onChange` with the tags of each and its payload as sent,
 * reconnecting after a lost connection (a database restart), when it also calls `onChange` with everything since
 * changes may have been missed. Returns a stop function.
 */
export function listenForContentChanges(
  connectionString: string,
  onChange: (tags: readonly string[], payload: string) => void,
): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  let missedChanges = false;

  const reconnectLater = () => {
    if (stopped || timer) return;
    missedChanges = true;
    timer = setTimeout(() => {
      timer = undefined;
      void open();
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const open = async () => {
    const current = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL)
        onChange(changedTags(decodeContentChange(message.payload)), message.payload ?? '');
    });
    current.on('error', () => reconnectLater());
    current.on('end', () => reconnectLater());
    try {
      await current.connect();
      await current.query(`LISTEN ${CONTENT_CHANNEL}`);
      delay = RECONNECT_FIRST_MS;
      if (missedChanges) {
        missedChanges = false;
        onChange([EVERYTHING], '');
      }
    } catch (error) {
      logger.warn({ err: error }, 'écoute des changements de contenu impossible, nouvel essai');
      await current.end().catch(() => {});
      reconnectLater();
    }
  };

  void open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
