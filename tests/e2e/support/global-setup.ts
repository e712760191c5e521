// Global setup of the e2e specs (playwright.config.ts): the server they run against.
//
// Unless E2E_BASE_URL names a running server: builds the site when the build is missing or stale, seeds a small
// demo database in a temporary DATA_DIR, starts `npm start` on E2E_PORT (default: a free port), waits for
// /api/health and hands the URL to the workers in E2E_BASE_URL. The teardown it returns stops the server and
// deletes the data folder, also after a failed or interrupted run.
//
// Environment: E2E_ARTICLES / E2E_DOCUMENTS (seed size, default 400 / 500), E2E_KEEP_DATA=1 (keep the data
// folder), E2E_HEALTH_TIMEOUT_MS (default 180000), E2E_PORT. The server's output goes to test-results/e2e-server.log.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../../../scripts/lib/build';
import { findFreePort } from '../../support/free-port';
import { waitUntil } from '../../support/wait-until';

const root = path.resolve(import.meta.dirname, '../../..');
const RESULTS_DIR = path.join(root, 'test-results');
const SERVER_LOG = path.join(RESULTS_DIR, 'e2e-server.log');
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 180_000);
const SEED_ARTICLES = process.env.E2E_ARTICLES ?? '400';
const SEED_DOCUMENTS = process.env.E2E_DOCUMENTS ?? '500';
const STOP_TIMEOUT_MS = 15_000;
/**
 * The tag manager of the e2e server: nothing listens there (a request fails at once), but the browser's network log
 * shows whether the page asked for it (consent.e2e.ts).
 */
const E2E_ANALYTICS_URL = 'http://127.0.0.1:9/tags/utag.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

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

async function seed(dataDir: string): Promise<void> {
  const started = Date.now();
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
function startServer(dataDir: string, port: number): ChildProcess {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const output = openSync(SERVER_LOG, 'w');
  const server = spawn(npm, ['start'], {
    cwd: root,
    // Every spec searches and registers from this one address: the per-address limits of search (issue 15) and
    // registration (issue 19, about a dozen accounts per run) would refuse them.
    env: appEnv({
      DATA_DIR: dataDir,
      PORT: String(port),
      SEARCH_RATE_LIMIT_PER_MINUTE: '10000',
      REGISTRATION_LIMIT_PER_HOUR: '10000',
      ANALYTICS_SCRIPT_URL: E2E_ANALYTICS_URL,
    }),
    stdio: ['ignore', output, output],
    detached: true,
  });
  closeSync(output);
  log(`npm start on port ${port} (output: ${path.relative(root, SERVER_LOG)})`);
  return server;
}

async function waitForHealth(server: ChildProcess, url: string): Promise<void> {
  const started = Date.now();
  let last = 'no answer yet';
  const healthy = async (): Promise<boolean> => {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited (${server.signalCode ?? server.exitCode}) before it was healthy`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (response.status === 200) return true;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
    }
    return false;
  };
  await waitUntil(healthy, { timeoutMs: HEALTH_TIMEOUT_MS, intervalMs: 500 }).catch((error: unknown) => {
    if (error instanceof Error && error.message.startsWith('the server exited')) throw error;
    throw new Error(`/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last})`);
  });
  log(`server healthy after ${seconds(started)}`);
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {}
}

async function stopServer(server: ChildProcess): Promise<void> {
  const pid = server.pid;
  if (!pid || !groupAlive(pid)) return;
  signalGroup(pid, 'SIGTERM');
  await waitUntil(() => !groupAlive(pid), { timeoutMs: STOP_TIMEOUT_MS, intervalMs: 100 }).catch(
    () => undefined,
  );
  if (groupAlive(pid)) {
    log('server still running after SIGTERM: killing it');
    signalGroup(pid, 'SIGKILL');
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

function printServerLogTail(lines: number): void {
  try {
    const all = readFileSync(SERVER_LOG, 'utf8').trimEnd().split('\n');
    const tail = all
      .filter((line) => !isRoutineLogLine(line))
      .slice(-lines)
      .join('\n');
    console.error(`[e2e] last lines of ${path.relative(root, SERVER_LOG)} (info logs left out):\n${tail}`);
  } catch {}
}

/** The demo accounts the start printed (`  • editeur : email / password`), by role: new passwords at each start. */
function demoStaffFromLog(): Record<string, { email: string; password: string }> {
  const accounts: Record<string, { email: string; password: string }> = {};
  for (const [, role = '', email = '', password = ''] of readFileSync(SERVER_LOG, 'utf8').matchAll(
    /^ {2}• (\S+) : (\S+@\S+) \/ (\S+)$/gm,
  )) {
    accounts[role] = { email, password };
  }
  return accounts;
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) {
    log(`running against ${process.env.E2E_BASE_URL}`);
    return undefined;
  }
  const buildStarted = Date.now();
  await buildIfNeeded();
  log(`build ready (${seconds(buildStarted)})`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quotidienne-e2e-'));
  let server: ChildProcess | undefined;
  // Last resort when the runner dies without its teardown: the group must not outlive it.
  const killOnExit = () => server?.pid && signalGroup(server.pid, 'SIGKILL');
  process.once('exit', killOnExit);
  const teardown = async () => {
    process.off('exit', killOnExit);
    if (server) await stopServer(server);
    if (process.env.E2E_KEEP_DATA) log(`data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seed(dataDir);
    const port = Number(process.env.E2E_PORT) || (await findFreePort());
    server = startServer(dataDir, port);
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(server, url);
    // Workers inherit the runner's environment: the fixtures read the server's address there.
    process.env.E2E_BASE_URL = url;
    // The server's e-mails (no SMTP_URL: .eml files under DATA_DIR/emails) and its tag manager, for the specs.
    process.env.E2E_DATA_DIR = dataDir;
    process.env.E2E_ANALYTICS_URL = E2E_ANALYTICS_URL;
    process.env.E2E_DEMO_STAFF = JSON.stringify(demoStaffFromLog());
  } catch (error) {
    printServerLogTail(40);
    await teardown();
    throw error;
  }
  return teardown;
}
