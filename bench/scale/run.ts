// Scale and fault benchmark (issues 8 and 17), on demand: one PostgreSQL, two app instances behind nginx running
// the shipped deploy/nginx.conf, all on loopback. Needs a production build (NEXT_DIST_DIR) and Debian's
// postgresql and nginx:
//
//   flock -o /tmp/bench.lock env NEXT_DIST_DIR=.next SCALE_SECONDS=60 \
//     node --conditions=react-server --import tsx bench/scale/run.ts
//
// Phases, each recorded with the machine's load average:
// 1. cached pages through nginx (its proxy cache, the nonce rewritten per answer) against nginx serving the same
//    bytes as static files, same connections, same run (goal: at least 80 %);
// 2. the mixed load of bench/load (64 connections) through nginx (goal: p99 <= 400 ms, 0 errors);
// 3. a rolling restart of both instances, one at a time, under that load (goal: 0 failed requests);
// 4. kill -9 of one instance under load, restarted 1 s later as systemd would (goal: <= 0.1 % failed requests,
//    full service within 5 s: a probe through nginx every 50 ms says when the last failure was);
// 5. PostgreSQL stopped for 3 s and started again under load (goal: cached pages keep being served, writes
//    succeed again within 10 s of its return).
// A failed request is a 5xx, a socket error or a timeout (429 and 404 are answers of the mix). Result:
// bench/results/scale-<date>.json. PostgreSQL is the test suite's throwaway cluster (fsync off).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { findFreePort } from '../../tests/support/free-port';
import { findPostgresBinaries } from '../../tests/support/postgres-binaries';
import { startPostgresCluster } from '../../tests/support/postgres-cluster';

const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.SCALE_SECONDS ?? 60);
const FAULT_SECONDS = Number(process.env.SCALE_FAULT_SECONDS ?? 45);
const STATIC_SECONDS = Number(process.env.SCALE_STATIC_SECONDS ?? 10);
const ARTICLES = process.env.SCALE_ARTICLES ?? '400';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
const children = new Set<ChildProcess>();
const load = () => loadavg().map((value) => Number(value.toFixed(2)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tsx(script: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} a échoué (${code})`))));
  });
}

async function waitHealthy(url: string, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const status = await fetch(`${url}/api/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`${url} ne répond pas`);
}

type App = { port: number; url: string; process: ChildProcess };

function startApp(port: number, databaseUrl: string): App {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/next/dist/bin/next'),
      'start',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NEXT_DIST_DIR: distDir,
        NEXT_MANUAL_SIG_HANDLE: '1',
        NEXT_TELEMETRY_DISABLED: '1',
        LOG_LEVEL: 'warn',
        APP_ENV: 'staging',
        // Staging requires the newsroom's encryption key; any 32 bytes do for a benchmark.
        NEWSROOM_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
        // nginx forwards each client's address.
        TRUSTED_PROXY_HOPS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  return { port, url: `http://127.0.0.1:${port}`, process: child };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The mixed load of bench/load in a child process, for `seconds`; resolves with its summary. */
function mixedLoad(label: string, url: string, seconds: number, out: string) {
  return tsx('bench/load/run.ts', [], {
    LOAD_BASE_URL: url,
    LOAD_LABEL: label,
    LOAD_SECONDS: String(seconds),
    LOAD_OUT: out,
  }).then(() => JSON.parse(readFileSync(out, 'utf8')) as LoadSummary);
}

type LoadSummary = {
  requests: number;
  requestsPerSecond: number;
  latencyMs: Record<string, number>;
  statuses: Record<string, number>;
  errors: { total: number; fiveHundreds: number; socket: number; timeouts: number };
  errorRate: number;
  machine: { loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
};

function summarise(run: LoadSummary) {
  return {
    requests: run.requests,
    requestsPerSecond: run.requestsPerSecond,
    latencyMs: run.latencyMs,
    statuses: run.statuses,
    failed: run.errors,
    failedShare: run.errorRate,
    loadAverage: { start: run.machine.loadAverageAtStart, end: run.machine.loadAverageAtEnd },
  };
}

/** Requests through nginx every `everyMs` until stopped: when each failed (5xx, refused, timeout). */
function probe(url: string, init: () => RequestInit, everyMs: number) {
  const failures: number[] = [];
  const successes: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const at = Date.now();
      const ok = await fetch(url, { ...init(), signal: AbortSignal.timeout(5_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status < 500;
        },
        () => false,
      );
      (ok ? successes : failures).push(at);
      await sleep(Math.max(0, everyMs - (Date.now() - at)));
    }
  })();
  return {
    failures,
    successes,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

async function throughput(url: string, connections = 32) {
  const result = await autocannon({ url, connections, duration: STATIC_SECONDS });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    // autocannon counts a timeout among its errors too.
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const binaries = findPostgresBinaries();
  if (!binaries) throw new Error('PostgreSQL est requis (apt-get install postgresql)');
  const work = mkdtempSync(path.join(tmpdir(), 'scale-'));
  const cluster = await startPostgresCluster(binaries);
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    command: `flock -o /tmp/bench.lock env NEXT_DIST_DIR=${distDir} SCALE_SECONDS=${SECONDS} SCALE_FAULT_SECONDS=${FAULT_SECONDS} node --conditions=react-server --import tsx bench/scale/run.ts`,
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
    loadAverageAtStart: load(),
    setup: {
      database: 'PostgreSQL (throwaway cluster of the test suite: fsync off), one server on loopback',
      apps: 'next start x2 on loopback, same build, TRUSTED_PROXY_HOPS=1',
      edge: 'deploy/nginx.conf as shipped (ports, cache folder and listen address rewritten), 2 workers',
      loadGenerator: 'autocannon on the same two cores (bench/load/run.ts for the mixed load)',
      articles: Number(ARTICLES),
    },
  };
  try {
    const databaseUrl = cluster.url();
    console.log(`PostgreSQL sur ${databaseUrl} : migration et contenu (${ARTICLES} articles)…`);
    await tsx('scripts/seed.ts', ['--articles', ARTICLES, '--documents', '500'], {
      DATABASE_URL: databaseUrl,
    });

    const ports = { a: await findFreePort(), b: await findFreePort(), edge: await findFreePort() };
    const staticPort = await findFreePort();
    const apps = { a: startApp(ports.a, databaseUrl), b: startApp(ports.b, databaseUrl) };
    await Promise.all([waitHealthy(apps.a.url), waitHealthy(apps.b.url)]);

    // nginx's workers drop root for `nobody`: they must be able to walk into the folder and write its cache.
    const prefix = path.join(work, 'nginx');
    chmodSync(work, 0o755);
    const staticRoot = path.join(prefix, 'static');
    for (const folder of [
      prefix,
      staticRoot,
      ...['cache', 'proxy-temp', 'body-temp'].map((name) => path.join(prefix, name)),
    ]) {
      mkdirSync(folder, { recursive: true });
      chmodSync(folder, 0o777);
    }
    const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
      .replaceAll('/var/cache/nginx/la-quotidienne', path.join(prefix, 'cache'))
      .replaceAll('127.0.0.1:3001', `127.0.0.1:${ports.a}`)
      .replaceAll('127.0.0.1:3002', `127.0.0.1:${ports.b}`)
      .replace('listen 80;', `listen 127.0.0.1:${ports.edge};`)
      .replace('listen [::]:80;', '');
    writeFileSync(path.join(prefix, 'site.conf'), site);
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      `worker_processes 2;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  proxy_temp_path ${prefix}/proxy-temp;
  client_body_temp_path ${prefix}/body-temp;
  default_type text/html;
  include ${prefix}/site.conf;
  # The same bytes as static files: what nginx does without the app, the proxy cache or the nonce rewrite.
  server { listen 127.0.0.1:${staticPort}; root ${staticRoot}; location / { try_files $uri.html =404; } }
}
`,
    );
    execFileSync('nginx', ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
    const nginx = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
    children.add(nginx);
    const edge = `http://127.0.0.1:${ports.edge}`;
    await waitHealthy(edge);
    const scratch = (name: string) => path.join(work, `${name}.json`);

    // 1. Cached pages through nginx against the same bytes as static files.
    const news = (await (await fetch(`${edge}/api/article/summary?limit=1`)).json()) as {
      news: { id: string; slug: string; enriched_news_id: string | null }[];
    };
    const first = news.news[0];
    const pages = {
      topic: '/actualite/fiscal',
      article: first ? `/actualite/${first.slug}_${first.enriched_news_id ?? first.id}` : '/actualite',
    };
    const cachedPages: Record<string, unknown> = {};
    for (const [name, page] of Object.entries(pages)) {
      // Twice: the second answer comes from nginx's cache.
      await fetch(`${edge}${page}`).then((response) => response.arrayBuffer());
      const answer = await fetch(`${edge}${page}`);
      const bytes = Buffer.from(await answer.arrayBuffer());
      writeFileSync(path.join(staticRoot, `${name}.html`), bytes);
      const proxied = await throughput(`${edge}${page}`);
      const plain = await throughput(`http://127.0.0.1:${staticPort}/${name}`);
      cachedPages[name] = {
        path: page,
        bytes: bytes.length,
        edgeCacheStatus: answer.headers.get('x-cache-status'),
        throughNginxCache: proxied,
        staticFile: plain,
        ratio: Number((proxied.requestsPerSecond / plain.requestsPerSecond).toFixed(3)),
        goalMet: proxied.requestsPerSecond >= 0.8 * plain.requestsPerSecond,
        loadAverage: load(),
      };
    }
    result.cachedPagesAgainstStaticFiles = cachedPages;
    console.log(JSON.stringify(cachedPages, null, 2));

    // 2. The mixed load through nginx.
    const mixed = summarise(await mixedLoad('scale-mixed', edge, SECONDS, scratch('mixed')));
    result.mixedLoad = {
      ...mixed,
      goals: {
        p99AtMost400ms: (mixed.latencyMs.p99 ?? Infinity) <= 400,
        noFailure: mixed.failed.total === 0,
      },
    };
    console.log(JSON.stringify(result.mixedLoad, null, 2));

    // 3. Rolling restart under load.
    {
      const running = mixedLoad('scale-rolling', edge, FAULT_SECONDS, scratch('rolling'));
      const steps: Record<string, number>[] = [];
      await sleep(8_000);
      for (const key of ['a', 'b'] as const) {
        const app = apps[key];
        const stopAt = Date.now();
        app.process.kill('SIGTERM');
        await exited(app.process);
        const stoppedMs = Date.now() - stopAt;
        apps[key] = startApp(app.port, databaseUrl);
        const readyMs = await waitHealthy(apps[key].url);
        steps.push({ instance: app.port, stopMs: stoppedMs, startToReadyMs: readyMs });
        await sleep(3_000);
      }
      const run = summarise(await running);
      result.rollingRestart = { ...run, steps, goalMet: run.failed.total === 0 };
      console.log(JSON.stringify(result.rollingRestart, null, 2));
    }

    // 4. kill -9 of one instance under load, restarted after 1 s.
    {
      const running = mixedLoad('scale-kill', edge, FAULT_SECONDS, scratch('kill'));
      await sleep(8_000);
      const watch = probe(`${edge}/api/health/ready`, () => ({}), 50);
      const killedAt = Date.now();
      apps.a.process.kill('SIGKILL');
      await exited(apps.a.process);
      await sleep(1_000);
      apps.a = startApp(apps.a.port, databaseUrl);
      const readyMs = await waitHealthy(apps.a.url);
      await sleep(5_000);
      await watch.stop();
      const run = summarise(await running);
      const lastFailure = watch.failures.filter((at) => at >= killedAt).at(-1);
      const fullServiceAfterMs = lastFailure === undefined ? 0 : lastFailure - killedAt;
      result.killOneInstance = {
        ...run,
        restartedInstanceReadyAfterMs: readyMs + 1_000,
        probe: {
          every: '50 ms GET /api/health/ready through nginx',
          failures: watch.failures.length,
          successes: watch.successes.length,
        },
        fullServiceAfterMs,
        goalMet: run.failedShare <= 0.001 && fullServiceAfterMs <= 5_000,
      };
      console.log(JSON.stringify(result.killOneInstance, null, 2));
    }

    // 5. PostgreSQL restart under load.
    {
      const running = mixedLoad('scale-postgres-restart', edge, FAULT_SECONDS, scratch('pg'));
      await sleep(8_000);
      const cached = probe(`${edge}${pages.topic}`, () => ({}), 100);
      let counter = 0;
      const writes = probe(
        `${edge}/api/contentAlert/subscription`,
        () => {
          counter += 1;
          return {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              origin: edge,
              'x-forwarded-for': `10.250.${(counter >> 8) & 255}.${counter & 255}`,
            },
            body: `email=sonde-${Date.now()}-${counter}%40example.org&isSubscribing=true`,
          };
        },
        200,
      );
      const stoppedAt = Date.now();
      await cluster.restart?.(3_000);
      const backAt = Date.now();
      await sleep(12_000);
      await Promise.all([cached.stop(), writes.stop()]);
      const run = summarise(await running);
      const cachedDuring = {
        failures: cached.failures.filter((at) => at >= stoppedAt && at <= backAt + 10_000).length,
        successes: cached.successes.filter((at) => at >= stoppedAt && at <= backAt + 10_000).length,
      };
      const firstWriteBack = writes.successes.find((at) => at >= backAt);
      const writesBackAfterMs = firstWriteBack === undefined ? null : firstWriteBack - backAt;
      result.postgresRestart = {
        ...run,
        downMs: backAt - stoppedAt,
        cachedPageProbe: { every: `100 ms GET ${pages.topic} through nginx`, ...cachedDuring },
        writeProbe: {
          every: '200 ms POST /api/contentAlert/subscription through nginx',
          failuresWhileDown: writes.failures.filter((at) => at >= stoppedAt && at <= backAt).length,
          firstSuccessAfterReturnMs: writesBackAfterMs,
        },
        goalMet: cachedDuring.failures === 0 && writesBackAfterMs !== null && writesBackAfterMs <= 10_000,
      };
      console.log(JSON.stringify(result.postgresRestart, null, 2));
    }
    result.loadAverageAtEnd = load();
  } finally {
    const out = path.join(root, 'bench/results', `scale-${new Date().toISOString().slice(0, 10)}.json`);
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Résultat écrit dans ${out}`);
    for (const child of children) child.kill('SIGTERM');
    await sleep(3_000);
    for (const child of children) child.kill('SIGKILL');
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
