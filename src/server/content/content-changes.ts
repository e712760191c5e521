import 'server-only';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import { rememberBox } from '../lib/remember';
import { isSameSecret } from '../lib/secrets';
import { logger } from '../log';

/**
 * Content changes reach every running server at once (docs/decisions/006-in-process-page-cache.md).
 *
 * A writer (the import) announces a change with PostgreSQL's NOTIFY inside its own transaction, so the signal
 * leaves only if the rows are committed; every server instance LISTENs on its own connection and refreshes its
 * caches: the page cache and shared reads in memory, and Next's ISR pages through `POST /api/revalidate`, which
 * only the process itself can call (Next.js revalidates from a route handler, not from a bare listener). PGlite
 * needs none of this: one process owns its data directory, so nothing else can write while the server runs.
 */

export const CONTENT_CHANNEL = 'content_changed';
/** A lost listening connection is reopened after this long, doubling up to the maximum. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** Announces a change; inside a transaction it is delivered at commit, and not at all on rollback. */
export async function announceContentChange(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
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
 * Refreshes this process's caches through its own `POST /api/revalidate` (Next.js revalidates from a route
 * handler, not from a timer or a listener). Used by the PostgreSQL listener and, on PGlite, after a write of
 * the process itself outside a request (a scheduled publication). Never throws.
 */
export async function requestOwnRevalidation(port: number): Promise<boolean> {
  const secret = revalidateSecret.value;
  if (!secret) return false;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    });
    await response.body?.cancel();
    logger.info({ status: response.status }, 'contenu modifié : caches rafraîchis');
    return response.ok;
  } catch (error) {
    logger.warn({ err: error }, 'rafraîchissement des caches impossible');
    return false;
  }
}

/**
 * Listens for content changes on PostgreSQL and calls `onChange` for each with its payload (empty for the site's
 * own announcements), reconnecting after a lost connection (a database restart), when it also calls `onChange`
 * since changes may have been missed. Returns a stop function.
 */
export function listenForContentChanges(
  connectionString: string,
  onChange: (payload: string) => void,
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
      if (message.channel === CONTENT_CHANNEL) onChange(message.payload ?? '');
    });
    current.on('error', () => reconnectLater());
    current.on('end', () => reconnectLater());
    try {
      await current.connect();
      await current.query(`LISTEN ${CONTENT_CHANNEL}`);
      delay = RECONNECT_FIRST_MS;
      if (missedChanges) {
        missedChanges = false;
        onChange('');
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
