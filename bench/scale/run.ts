// Scale benchmark (issue 8), on demand: one PostgreSQL, two app instances behind nginx (bench/scale/nginx.conf, its
// proxy cache on for anonymous pages), all on loopback, measured against one instance alone with the same mixed
// load (bench/load/run.ts). Needs a production build (NEXT_DIST_DIR) and Debian's postgresql and nginx:
//
//   NEXT_DIST_DIR=.next-ops SCALE_SECONDS=120 node --conditions=react-server --import tsx bench/scale/run.ts
//
// SCALE_PG_LOAD_SECONDS=600 adds the long mixed load on one instance over PostgreSQL (bench/results/load-postgres-*).
// Result: bench/results/scale-<date>.json. PostgreSQL here is the test suite's throwaway cluster (fsync off).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../tests/support/free-port';
import { findPostgresBinaries } from '../../tests/support/postgres-binaries';
import { startPostgresCluster } from '../../tests/support/postgres-cluster';

const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.SCALE_SECONDS ?? 120);
const PG_LOAD_SECONDS = Number(process.env.SCALE_PG_LOAD_SECONDS ?? 0);
const ARTICLES = process.env.SCALE_ARTICLES ?? '400';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
const children: ChildProcess[] = [];

function tsx(script: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} a échoué (${code})`))));
  });
}

async function waitHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/api/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} ne répond pas`);
}

function startApp(port: number, databaseUrl: string): ChildProcess {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '--port', String(port)],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NEXT_DIST_DIR: distDir,
        NEXT_MANUAL_SIG_HANDLE: '1',
        NEXT_TELEMETRY_DISABLED: '1',
        LOG_LEVEL: 'warn',
        // nginx (or, for the one-instance run, the load generator) forwards each client's address.
        TRUSTED_PROXY_HOPS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

async function load(label: string, url: string, seconds: number, out: string) {
  await tsx('bench/load/run.ts', [], {
    LOAD_BASE_URL: url,
    LOAD_LABEL: label,
    LOAD_SECONDS: String(seconds),
    LOAD_OUT: out,
  });
  return JSON.parse(readFileSync(out, 'utf8'));
}

async function main(): Promise<void> {
  const binaries = findPostgresBinaries();
  if (!binaries) throw new Error('PostgreSQL est requis (apt-get install postgresql)');
  const work = mkdtempSync(path.join(tmpdir(), 'scale-'));
  const cluster = await startPostgresCluster(binaries);
  try {
    const databaseUrl = cluster.url();
    console.log(
      `PostgreSQL sur ${databaseUrl} : migration et contenu de démonstration (${ARTICLES} articles)…`,
    );
    await tsx('scripts/seed.ts', ['--articles', ARTICLES, '--documents', '500'], {
      DATABASE_URL: databaseUrl,
    });

    const [portA, portB, portNginx] = [await findFreePort(), await findFreePort(), await findFreePort()];
    startApp(portA, databaseUrl);
    startApp(portB, databaseUrl);
    const appA = `http://127.0.0.1:${portA}`;
    await Promise.all([waitHealthy(appA), waitHealthy(`http://127.0.0.1:${portB}`)]);

    // nginx's workers drop root for `nobody`: they must be able to walk into the folder and write its cache.
    const prefix = path.join(work, 'nginx');
    chmodSync(work, 0o755);
    for (const folder of [
      prefix,
      ...['cache', 'proxy-temp', 'body-temp'].map((name) => path.join(prefix, name)),
    ]) {
      mkdirSync(folder, { recursive: true });
      chmodSync(folder, 0o777);
    }
    const config = readFileSync(path.join(root, 'bench/scale/nginx.conf'), 'utf8')
      .replaceAll('__PREFIX__', prefix)
      .replaceAll('__APP_A__', String(portA))
      .replaceAll('__APP_B__', String(portB))
      .replaceAll('__PORT__', String(portNginx));
    writeFileSync(path.join(prefix, 'nginx.conf'), config);
    execFileSync('nginx', ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
    const nginx = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
    children.push(nginx);
    const edge = `http://127.0.0.1:${portNginx}`;
    await waitHealthy(edge);

    const date = new Date().toISOString().slice(0, 10);
    const scratch = (name: string) => path.join(work, `${name}.json`);
    const single = await load('postgres-1-instance', appA, SECONDS, scratch('single'));
    const pair = await load('postgres-2-instances-nginx', edge, SECONDS, scratch('pair'));
    const article = single.mix
      ? await fetch(`${edge}/actualite`).then((response) => response.headers)
      : undefined;
    const result = {
      date: new Date().toISOString(),
      command: `NEXT_DIST_DIR=${distDir} SCALE_SECONDS=${SECONDS} node --conditions=react-server --import tsx bench/scale/run.ts`,
      setup: {
        database: 'PostgreSQL (throwaway cluster of the test suite: fsync off), one server',
        apps: 'next start x2 on loopback, same build',
        edge: 'nginx 1 worker, least_conn, proxy cache for anonymous cacheable answers, nonce rewritten per answer',
        articles: Number(ARTICLES),
      },
      edgeHeadersOfNewsHome: article
        ? { csp: article.get('content-security-policy'), cache: article.get('x-cache-status') }
        : null,
      oneInstance: summarise(single),
      twoInstancesBehindNginx: summarise(pair),
    };
    const out = path.join('bench/results', `scale-${date}.json`);
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));

    if (PG_LOAD_SECONDS > 0)
      await load('postgres', appA, PG_LOAD_SECONDS, path.join('bench/results', `load-postgres-${date}.json`));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function summarise(run: {
  requests: number;
  requestsPerSecond: number;
  latencyMs: Record<string, number>;
  errors: Record<string, number>;
  statuses: Record<string, number>;
}) {
  return {
    requests: run.requests,
    requestsPerSecond: run.requestsPerSecond,
    latencyMs: run.latencyMs,
    errors: run.errors,
    statuses: run.statuses,
  };
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
