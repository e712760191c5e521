import 'server-only';
import pLimit, { type LimitFunction } from 'p-limit';
import { remember } from '../lib/remember';

/**
 * Password hashes (argon2id) computed at once in this process, at most `limit`; the others wait their turn in
 * order (docs/decisions/058).
 *
 * A hash or a verification is about 15 ms of one core at OWASP's settings, on libuv's thread pool (4 threads by
 * default), outside the event loop but on the same cores. Taking turns changes no setting of the hash; it bounds
 * how many cores hashing may take at a moment. Measured on the scale bench's shared machine, one at a time made
 * logins queue (a second of wait at 4-5 logins a second per instance, each hash slowed to 200 ms by the busy
 * cores), so the default (PASSWORD_HASH_CONCURRENCY, 4) is libuv's own pool, as before; the turns and their
 * timing (`password_hash_seconds`) say when a deployment should set otherwise.
 */
function turns(): LimitFunction {
  // On globalThis: route handlers are separate bundles and must share the one queue of this process.
  return remember('hash-turns', () => pLimit(1));
}

/** Runs `work` once fewer than `limit` hashes are running in this process, after those that waited before it. */
export function inHashTurn<T>(limit: number, work: () => Promise<T>): Promise<T> {
  const queue = turns();
  // The setting is read per call (env() in the caller); p-limit starts waiting work when the limit rises.
  if (queue.concurrency !== limit) queue.concurrency = limit;
  return queue(work);
}

/** Hashes running and waiting (for the tests). */
export function hashTurnStats(): { running: number; waiting: number } {
  const queue = turns();
  return { running: queue.activeCount, waiting: queue.pendingCount };
}
