import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm start`'s script with extra variables; these cases all stop before building or serving. */
function start(variables: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts'],
    { cwd: root, env: { ...process.env, ...variables }, encoding: 'utf8', timeout: 60_000 },
  );
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm start refuses to start with a clear message', () => {
  it('names a bad configuration variable', () => {
    const { code, output } = start({ PORT: 'quatre-mille' });
    expect(code).toBe(1);
    expect(output).toContain('Configuration invalide');
    expect(output).toContain('PORT :');
  });

  it('says the embedded data directory is open in another process, before building anything', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'start-in-use-'));
    const dataDir = path.join(folder, 'data');
    // The lock beside the data directory names a live process: this test's.
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    try {
      const { code, output } = start({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(code).toBe(1);
      expect(output).toContain(`est ouvert par le processus ${process.pid}`);
      expect(output).not.toContain('Construction du site');
      expect(output).not.toContain('Base de données prête');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('starts building before it opens the embedded database, which runs beside the build', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'start-order-'));
    // A build folder of its own, empty: the build is needed.
    const distDir = `.next-start-order-${process.pid}`;
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts'],
      {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: path.join(folder, 'data'),
          DATABASE_URL: '',
          NEXT_DIST_DIR: distDir,
        },
        detached: true,
      },
    );
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no database after 60 s:\n${output}`)), 60_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Base de données prête')) resolve();
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', () => resolve());
      });
    } finally {
      clearTimeout(timer);
      // The start, its build and the build's workers: one process group.
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      rmSync(folder, { recursive: true, force: true });
      rmSync(path.join(root, distDir), { recursive: true, force: true });
    }
    const buildStarted = output.indexOf('Construction du site');
    expect(buildStarted, output).toBeGreaterThanOrEqual(0);
    expect(buildStarted, output).toBeLessThan(output.indexOf('Base de données prête'));
  });

  it('says the database is unreachable', () => {
    const { code, output } = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(output).toContain('Base de données injoignable');
  });
});
