// npm run test:e2e [-- <vitest options or spec files>]: the end-to-end specs against a real server.
//
// Builds the site when the build is missing or stale, seeds a small demo database in a temporary DATA_DIR, starts
// `npm start` on a free port, waits for /api/health, runs the Vitest project `e2e` (tests/e2e/**/*.e2e.ts) with
// E2E_BASE_URL pointing at the server, and always stops the server and deletes the data folder.
//
// Environment: E2E_ARTICLES / E2E_DOCUMENTS (seed size, default 400 / 500), E2E_KEEP_DATA=1 (keep the data
// folder), E2E_HEALTH_TIMEOUT_MS (default 180000). The server's output goes to test-results/e2e-server.log.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../tests/support/free-port';
import { buildIfNeeded } from './lib/build';

const root = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(root, 'test-results');
const SERVER_LOG = path.join(RESULTS_DIR, 'e2e-server.log');
const VITEST = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 180_000);
const SEED_ARTICLES = process.env.E2E_ARTICLES ?? '400';
const SEED_DOCUMENTS = process.env.E2E_DOCUMENTS ?? '500';
/**
 * The tag manager of the e2e server: nothing listens there (a request fails at once), but the browser's network log
 * shows whether the page asked for it (consent.e2e.ts).
 */
const E2E_ANALYTICS_URL = 'http://127.0.0.1:9/tags/utag.js';
const STOP_TIMEOUT_MS = 15_000;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let finishing: Promise<void> | undefined;

function log(message: string): void {
  console.log(`[e2e] ${message}`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** Environment of the seed and the server: PGlite in our temporary folder, never a DATABASE_URL of the caller. */
function appEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  return env;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function seed(): Promise<void> {
  const started = Date.now();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'quotidienne-e2e-'));
  log(`seeding ${SEED_ARTICLES} articles and ${SEED_DOCUMENTS} documents into ${dataDir}`);
  const code = await run(
    npm,
    ['run', '--silent', 'seed', '--', '--articles', SEED_ARTICLES, '--documents', SEED_DOCUMENTS],
    appEnv({ DATA_DIR: dataDir }),
  );
  if (code !== 0) throw new Error(`the seed failed (exit code ${code})`);
  log(`seeded in ${seconds(started)}`);
}

/** `npm start` in its own process group, so that stopping it stops npm, the start script and Next.js together. */
async function startServer(port: number): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const output = openSync(SERVER_LOG, 'w');
  server = spawn(npm, ['start'], {
    cwd: root,
    env: appEnv({ DATA_DIR: dataDir ?? '', PORT: String(port), ANALYTICS_SCRIPT_URL: E2E_ANALYTICS_URL }),
    stdio: ['ignore', output, output],
    detached: true,
  });
  closeSync(output);
  const url = `http://127.0.0.1:${port}`;
  log(`npm start on ${url} (output: ${path.relative(root, SERVER_LOG)})`);
  return url;
}

async function waitForHealth(url: string): Promise<void> {
  const started = Date.now();
  const deadline = started + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (server?.exitCode !== null || server?.signalCode !== null) {
      throw new Error(`the server exited (${server?.signalCode ?? server?.exitCode}) before it was healthy`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) {
        log(`server healthy after ${seconds(started)}`);
        return;
      }
      last = `HTTP ${response.status}`;
    } catch (error) {
      last =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last})`);
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid) return;
  const pid = child.pid;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) {
    log('server still running after SIGTERM: killing it');
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
}

/** A pino line below warn (request logs and the like): left out of the tail printed on failure. */
function isRoutineLogLine(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === 'number' && level < 40;
  } catch {
    return false;
  }
}

function printServerLogTail(lines = 40): void {
  try {
    const all = readFileSync(SERVER_LOG, 'utf8').trimEnd().split('\n');
    const tail = all
      .filter((line) => !isRoutineLogLine(line))
      .slice(-lines)
      .join('\n');
    console.error(`[e2e] last lines of ${path.relative(root, SERVER_LOG)} (info logs left out):\n${tail}`);
  } catch {}
}

function finish(): Promise<void> {
  finishing ??= (async () => {
    await stopServer();
    if (dataDir && !process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    else if (dataDir) log(`data kept in ${dataDir}`);
  })();
  return finishing;
}

async function main(): Promise<number> {
  const started = Date.now();
  const buildStarted = Date.now();
  await buildIfNeeded();
  log(`build ready (${seconds(buildStarted)})`);
  await seed();
  const url = await startServer(await findFreePort());
  try {
    await waitForHealth(url);
  } catch (error) {
    printServerLogTail();
    throw error;
  }
  const code = await run(process.execPath, [VITEST, 'run', '--project', 'e2e', ...process.argv.slice(2)], {
    ...process.env,
    E2E_BASE_URL: url,
    // The server's e-mails (no SMTP_URL: .eml files under DATA_DIR/emails) and its tag manager, for the specs.
    E2E_DATA_DIR: dataDir ?? '',
    E2E_ANALYTICS_URL,
  });
  if (code !== 0) printServerLogTail(20);
  log(`done in ${seconds(started)}`);
  return code;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the server`);
    void finish().finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await finish();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
    await finish();
    process.exit(1);
  });
