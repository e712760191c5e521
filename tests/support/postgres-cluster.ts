import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from './free-port';
import type { PostgresBinaries } from './postgres-binaries';
import {
  createOwnedDir,
  installExitHooks,
  isAlive,
  readPid,
  sleepSync,
  sweepOrphanedDirs,
} from './temp-dirs';
import { waitUntil } from './wait-until';

/**
 * A throwaway PostgreSQL cluster for the integration tests: initdb in a temporary folder, a server on a free
 * loopback port (no Unix socket unless asked, trust authentication, durability off for speed), stopped and deleted at the end.
 *
 * Where it lives: `$TMPDIR/quotidienne-test-postgres/cluster-XXXXXX/` (override the parent with
 * TEST_POSTGRES_ROOT), holding `data/` (the cluster), `postgres.log` and `owner.pid` (the test process). A run
 * killed before it could clean up leaves such a folder behind: the next start stops the orphaned server and
 * deletes it.
 *
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user and initdb and the
 * server run under its uid (Node's spawn drops privileges the way `runuser -u postgres` would).
 */

export type PostgresCluster = {
  host: string;
  port: number;
  user: string;
  /** Folder holding data/, postgres.log and owner.pid. */
  dir: string;
  /** Connection URL of one database of the cluster (default: the `postgres` maintenance database). */
  url(database?: string): string;
  /** The same through the server's Unix socket, when it was started with one (`socket: true`). */
  socketUrl?(database?: string): string;
  /** Stops the server (fast shutdown, then kill) and deletes the folder. Safe to call twice. */
  stop(): Promise<void>;
  /** Stops the server (fast shutdown), waits `downMs`, starts it again on the same port and data (benchmarks). */
  restart?(downMs: number): Promise<void>;
};

type Owner = { uid: number; gid: number } | undefined;

const SUPERUSER = 'postgres';
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
const BIND_ATTEMPTS = 5;
const CLUSTER_PREFIX = 'cluster-';

export function clustersRoot(): string {
  return process.env.TEST_POSTGRES_ROOT ?? path.join(os.tmpdir(), 'quotidienne-test-postgres');
}

/**
 * `port`: the loopback port to listen on (a benchmark given its own ports), else one the kernel picks. `socket`:
 * a Unix socket too, in the data folder (benchmarks comparing it with loopback TCP; off for tests, whose folders
 * may be deeper than a socket path allows).
 */
export async function startPostgresCluster(
  binaries: PostgresBinaries,
  options: { port?: number; socket?: boolean } = {},
): Promise<PostgresCluster> {
  const root = clustersRoot();
  await sweepOrphanedClusters(root);

  const owner = clusterOwner();
  // Readable by others: the postgres user must be able to enter it.
  const dir = createOwnedDir(root, CLUSTER_PREFIX);
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  const logFile = path.join(dir, 'postgres.log');
  writeFileSync(logFile, '');
  if (owner) {
    chownSync(dataDir, owner.uid, owner.gid);
    chownSync(logFile, owner.uid, owner.gid);
  }

  let child: ChildProcess | undefined;
  const removeExitHooks = installExitHooks(() => {
    // Synchronous: an 'exit' handler cannot await. Immediate shutdown, wait for it, then delete the folder.
    if (child?.pid !== undefined && child.exitCode === null) {
      const pid = child.pid;
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {}
      for (let i = 0; i < 100 && isAlive(pid); i++) sleepSync(50);
      if (isAlive(pid)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  try {
    await run(
      binaries.initdb,
      [
        '--pgdata',
        dataDir,
        '--username',
        SUPERUSER,
        '--auth',
        'trust',
        '--encoding',
        'UTF8',
        '--locale',
        'C.UTF-8',
        '--no-sync',
        '--no-instructions',
      ],
      owner,
      logFile,
    );

    const socketDirectory = options.socket ? dataDir : '';
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = attempt === 1 && options.port ? options.port : await findFreePort();
      child = startServer(binaries, dataDir, port, owner, logFile, socketDirectory);
      const outcome = await waitUntilReady(child, port);
      if (outcome === 'ready') break;
      const log = tail(logFile);
      // Another process took the port between findFreePort() and the bind: try another one.
      const portTaken = log.includes('could not bind') || log.includes('Address already in use');
      if (outcome !== 'timed out' && portTaken && attempt < BIND_ATTEMPTS) continue;
      throw new Error(`PostgreSQL did not start (${outcome}); end of ${logFile}:\n${log}`);
    }

    let server = child;
    let stopped = false;
    return {
      host: HOST,
      port,
      user: SUPERUSER,
      dir,
      url: (database = 'postgres') => `postgres://${SUPERUSER}@${HOST}:${port}/${database}`,
      ...(socketDirectory
        ? {
            socketUrl: (database = 'postgres') =>
              `postgres://${SUPERUSER}@${HOST}:${port}/${database}?host=${encodeURIComponent(socketDirectory)}`,
          }
        : {}),
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopServer(server);
        rmSync(dir, { recursive: true, force: true });
        removeExitHooks();
      },
      async restart(downMs: number) {
        await stopServer(server);
        // A fixed sleep on purpose: the outage itself, of the length the test asked for.
        await new Promise((resolve) => setTimeout(resolve, downMs));
        server = startServer(binaries, dataDir, port, owner, logFile, socketDirectory);
        child = server;
        const outcome = await waitUntilReady(server, port);
        if (outcome !== 'ready')
          throw new Error(`PostgreSQL did not restart (${outcome}):\n${tail(logFile)}`);
      },
    };
  } catch (error) {
    if (child) await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
    removeExitHooks();
    throw error;
  }
}

function startServer(
  binaries: PostgresBinaries,
  dataDir: string,
  port: number,
  owner: Owner,
  logFile: string,
  socketDirectory = '',
): ChildProcess {
  const log = openSync(logFile, 'a');
  try {
    return spawn(
      binaries.postgres,
      [
        '-D',
        dataDir,
        '-h',
        HOST,
        '-p',
        String(port),
        '-c',
        `unix_socket_directories=${socketDirectory}`,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=200',
        '-c',
        'log_min_messages=warning',
      ],
      { stdio: ['ignore', log, log], ...owner, env: serverEnv() },
    );
  } finally {
    closeSync(log);
  }
}

type Readiness = 'ready' | `exited with ${string}` | 'timed out';

async function waitUntilReady(child: ChildProcess, port: number): Promise<Readiness> {
  let exit: string | undefined;
  child.once('exit', (code, signal) => {
    exit = signal ?? String(code);
  });
  const answer = async (): Promise<Readiness | undefined> => {
    if (exit !== undefined) return `exited with ${exit}`;
    const client = new pg.Client({
      host: HOST,
      port,
      user: SUPERUSER,
      database: 'postgres',
      connectionTimeoutMillis: 1_000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return 'ready';
    } catch {
      await client.end().catch(() => {});
      return undefined;
    }
  };
  return waitUntil(answer, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 }).catch(
    (): Readiness => 'timed out',
  );
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGINT is PostgreSQL's fast shutdown: it disconnects clients instead of waiting for them.
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** The uid/gid to run PostgreSQL as: the `postgres` user when we are root, else ourselves (undefined). */
function clusterOwner(): Owner {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${SUPERUSER}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(
      'Running as root, but there is no `postgres` user to own the test cluster (PostgreSQL refuses to run as ' +
        'root). Install the `postgresql` package, which creates it, or run the tests as a regular user.',
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

function serverEnv(): NodeJS.ProcessEnv {
  // Keep the server independent of the caller's locale (explicit -D/-p/-h options beat PGDATA/PGPORT).
  return { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
}

function run(command: string, args: string[], owner: Owner, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = openSync(logFile, 'a');
    const child = spawn(command, args, {
      stdio: ['ignore', log, log],
      ...owner,
      env: serverEnv(),
      cwd: os.tmpdir(),
    });
    closeSync(log);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${path.basename(command)} failed (${signal ?? code}); end of ${logFile}:\n${tail(logFile)}`,
          ),
        );
    });
  });
}

/**
 * Stops and deletes clusters left behind by test runs that died without cleaning up: their owner.pid names a
 * process that no longer exists.
 */
export function sweepOrphanedClusters(root = clustersRoot()): Promise<void> {
  return sweepOrphanedDirs(root, CLUSTER_PREFIX, async (dir) => {
    const serverPid = readPid(path.join(dir, 'data', 'postmaster.pid'));
    if (serverPid === undefined || !isAlive(serverPid) || !isPostgres(serverPid)) return;
    try {
      process.kill(serverPid, 'SIGQUIT');
    } catch {}
    await waitUntil(() => !isAlive(serverPid), { timeoutMs: 5_000, intervalMs: 100 }).catch(() => undefined);
    if (isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
  });
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return false;
  }
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * A streaming replica of `primary` (issue 17, DATABASE_READ_URL): `pg_basebackup -R` from the primary over
 * loopback into a folder of its own, then a hot standby on a free port, stopped and deleted by stop(). The
 * primary's default pg_hba (initdb) lets replication connect from loopback.
 */
export async function startReplica(
  binaries: PostgresBinaries,
  primary: PostgresCluster,
): Promise<PostgresCluster> {
  const owner = clusterOwner();
  const dir = createOwnedDir(clustersRoot(), CLUSTER_PREFIX);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  writeFileSync(logFile, '');
  if (owner) chownSync(logFile, owner.uid, owner.gid);
  // pg_basebackup creates the folder itself (as the postgres user, which must own it).
  if (owner) chownSync(dir, owner.uid, owner.gid);
  let child: ChildProcess | undefined;
  const removeExitHooks = installExitHooks(() => {
    if (child?.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {}
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });
  try {
    await run(
      path.join(binaries.dir, 'pg_basebackup'),
      [
        '-h',
        primary.host,
        '-p',
        String(primary.port),
        '-U',
        primary.user,
        '-D',
        dataDir,
        '-R',
        '-X',
        'stream',
      ],
      owner,
      logFile,
    );
    const port = await findFreePort();
    child = startServer(binaries, dataDir, port, owner, logFile);
    const outcome = await waitUntilReady(child, port);
    if (outcome !== 'ready') throw new Error(`Replica did not start (${outcome}):\n${tail(logFile)}`);
    const server = child;
    let stopped = false;
    return {
      host: HOST,
      port,
      user: SUPERUSER,
      dir,
      url: (database = 'postgres') => `postgres://${SUPERUSER}@${HOST}:${port}/${database}`,
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopServer(server);
        rmSync(dir, { recursive: true, force: true });
        removeExitHooks();
      },
    };
  } catch (error) {
    if (child) await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
    removeExitHooks();
    throw error;
  }
}
