import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../tests/support/wait-until';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the process logger', () => {
  it('lets a process exit when its log lines wait for a pipe whose reader is gone', {
    timeout: 30_000,
  }, async () => {
    // A server's stop logs, then exits; whoever read its output (a log stamper, a closed terminal) may be gone by
    // then. Lines still waiting for the pipe are flushed at exit: sonic-boom 4 retried a broken pipe there forever
    // (every server the fresh-start bench stopped hung so); they must be dropped. The line below stays buffered
    // (pino's destination, as the logger's, flushed at exit) until the process exits.
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import pino from 'pino';
         const logger = pino(pino.destination({ dest: 1, sync: false, minLength: 4096 }));
         process.stdin.once('data', () => { logger.info('arrêt terminé'); process.exit(0); });
         process.stdout.write('prêt\\n');`,
      ],
      { cwd: ROOT, stdio: 'pipe' },
    );
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    child.stdin.write('stop\n');
    const exited = await waitUntil(() => child.exitCode !== null || child.signalCode !== null, {
      timeoutMs: 10_000,
      message: 'the process did not exit',
    }).catch((error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    });
    expect(exited).toBe(true);
  });
});
