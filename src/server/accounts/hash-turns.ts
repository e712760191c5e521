import 'server-only';
import { remember } from '../lib/remember';

/**
 * Password hashes (argon2id) computed at once in this process, at most `limit`; the others wait their turn in
 * order (docs/decisions/058).
 *
 * A hash or a verification is about 15 ms of one core at OWASP's settings, on libuv's thread pool (4 threads by
 * default), outside the event loop but on the same cores: under the mixed load of docs/SCALING.md, 2 % of the
 * requests (logins) used a quarter of the apps' CPU, up to four at once per instance, each slowed by the others'
 * memory traffic while the event loops that answer every other request waited for a core. Taking turns changes
 * no setting of the hash; it bounds how many cores hashing may take at a moment.
 */

type State = { running: number; waiting: (() => void)[] };

function state(): State {
  // On globalThis: route handlers are separate bundles and must share the one count of this process.
  return remember<State>('hash-turns', () => ({ running: 0, waiting: [] }));
}

/** Runs `work` once fewer than `limit` hashes are running in this process, after those that waited before it. */
export async function inHashTurn<T>(limit: number, work: () => Promise<T>): Promise<T> {
  const current = state();
  if (current.running < limit) current.running += 1;
  // The turn is handed over by the one ending (the count stays as it was), so nobody overtakes a waiting one.
  else await new Promise<void>((resolve) => current.waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = current.waiting.shift();
    if (next) next();
    else current.running -= 1;
  }
}

/** Hashes running and waiting (for the tests). */
export function hashTurnStats(): { running: number; waiting: number } {
  const { running, waiting } = state();
  return { running, waiting: waiting.length };
}
