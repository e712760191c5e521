import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Temporary folders owned by one test run: each holds `owner.pid`, so a later run can tell the folders of runs that
 * died without cleaning up (killed with SIGKILL, a crashed machine) and delete them.
 */

/** Creates `<root>/<prefix>XXXXXX/` readable by other users (a server may run under another uid) with owner.pid. */
export function createOwnedDir(root: string, prefix: string): string {
  mkdirSync(root, { recursive: true, mode: 0o755 });
  const dir = mkdtempSync(path.join(root, prefix));
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'owner.pid'), `${process.pid}\n`);
  return dir;
}

/**
 * Deletes the `<root>/<prefix>*` folders whose owner process is gone, after `beforeRemove` (say, stopping a server
 * left running in it).
 */
export async function sweepOrphanedDirs(
  root: string,
  prefix: string,
  beforeRemove: (dir: string) => Promise<void> = async () => {},
): Promise<void> {
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    if (!name.startsWith(prefix)) continue;
    const dir = path.join(root, name);
    const owner = readPid(path.join(dir, 'owner.pid'));
    if (owner === undefined) {
      // Created a moment ago by a concurrent run that has not written owner.pid yet: leave it alone.
      if (ageMs(dir) < 60_000) continue;
    } else if (isAlive(owner)) {
      continue;
    }
    await beforeRemove(dir);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/**
 * Last-resort cleanup when the process exits without its normal teardown (an uncaught error, SIGINT, SIGTERM,
 * SIGHUP). `cleanup` must be synchronous. A signal is re-raised after cleanup when nobody else handles it, so the
 * process still dies of it. Returns the function that removes the hooks (call it after a normal teardown).
 */
export function installExitHooks(cleanup: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cleanup();
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const onSignal = (signal: NodeJS.Signals) => {
    once();
    remove();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const remove = () => {
    process.off('exit', once);
    for (const signal of signals) process.off(signal, onSignal);
  };
  process.on('exit', once);
  for (const signal of signals) process.on(signal, onSignal);
  return remove;
}

export function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** True while the process runs. A zombie (exited, not yet reaped by its parent) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state ..."; Z is a zombie.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const end = stat.lastIndexOf(')');
    return stat.slice(end + 2, end + 3) !== 'Z';
  } catch {
    return true;
  }
}

export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
