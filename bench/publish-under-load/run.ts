// Publication under load (issue 37, "Measured: publication under load"), on demand. Production servers (each
// checkout's `npm run build`: its dist/serve.mjs, the server `npm start` runs, over its own NEXT_DIST_DIR build),
// one per checkout, each on its own copy of one seeded PGlite data folder, the load generator on the same machine:
//
//   flock -o /tmp/bench.lock env PUBLISH_TARGETS=before=/tmp/publish-bench/main-ref,after=. \
//     PUBLISH_DIST_DIR=.next-pub PUBLISH_PORT=4200 PUBLISH_OUT=bench/results/publish-under-load-<date>.json \
//     node --conditions=react-server --import tsx bench/publish-under-load/run.ts
//
// For each target, in the order given (both servers are started first, each measured while the other idles):
// 1. the throughput of the home, topic and article pages against nginx serving the very same bytes (decision 041's
//    table, bench/pages/static-throughput.ts), 32 connections, PUBLISH_THROUGHPUT_SECONDS each, in
//    PUBLISH_THROUGHPUT_ROUNDS (3) rounds that take every target in turn, reversed every other round; the median ratio
//    of the rounds is the target's figure (one sample moved by up to 66 % between turns on the shared machine);
// 2. the mixed load of bench/load (the scale bench's mix: 64 connections, 256 reader addresses) for
//    PUBLISH_WARMUP_SECONDS (150) from the cold site (recorded apart). Long enough for a steady state: the copies
//    the first seconds make all at once all expire a minute later, and so again; until they have been rendered
//    again twice their waves fall unevenly into the phases (with a 30 s warm-up the quiet phase caught the first
//    wave of single article reads half: 47 renders a minute against 88 two phases later);
// 3. the same mix for PUBLISH_SECONDS (120) with no publication;
// 4. the same mix for PUBLISH_SECONDS while the newsroom, through the Admin API (a staff session, as the
//    newsroom's pages call it), publishes or corrects an article every PUBLISH_EVERY_SECONDS (20), the first
//    halfway through the first interval: a new Social article (create, publish), then a correction of a published
//    article (PATCH of its summary, publish again "mis à jour" with a note), in turn;
// 5. the same mix again for PUBLISH_SECONDS with no publication: the quiet phases before and after the publishing
//    one bracket it, so that what drifts over the run (the expiries of the copies the cold phase made all at once,
//    which come back in waves a minute apart) weighs on both sides of the comparison.
// Per phase: requests a second, p50/p90/p99 latency and errors (bench/load), the answers' X-Cache as the readers
// got them and the page cache's hit ratio ((HIT + STALE) / (HIT + STALE + MISS)), and every cache and render
// counter of the server's /metrics (its difference over the phase). Renders per publication: the publishing phase's
// `page_renders_total` minus the two quiet phases' at the same rate, divided by the publications; beside it, the
// copies the changes themselves refreshed (`page_cache_refreshed_total`, by route) per publication.
// Goals (issue 37): at most 30 renders per publication; a hit ratio while publishing at least 95 % of the ratio
// without; a p99 while publishing at most 1.2 times the p99 without; with two targets, no template's
// throughput against nginx more than 5 % below the first target's.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throughputRounds } from '../pages/static-throughput';

const root = path.resolve(import.meta.dirname, '../..');
/** label=checkout,label=checkout: each checkout built with `NEXT_DIST_DIR=<PUBLISH_DIST_DIR> npm run build`. */
const TARGETS = (process.env.PUBLISH_TARGETS ?? `branch=${root}`).split(',').map((pair) => {
  const [label, checkout] = pair.split('=');
  if (!label || !checkout) throw new Error(`PUBLISH_TARGETS : « ${pair} » n'est pas label=dossier`);
  return { label, checkout: path.resolve(checkout) };
});
const DIST_DIR = process.env.PUBLISH_DIST_DIR ?? '.next';
const FIRST_PORT = Number(process.env.PUBLISH_PORT ?? 4200);
const SECONDS = Number(process.env.PUBLISH_SECONDS ?? 120);
const EVERY_SECONDS = Number(process.env.PUBLISH_EVERY_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.PUBLISH_WARMUP_SECONDS ?? 150);
const THROUGHPUT_SECONDS = Number(process.env.PUBLISH_THROUGHPUT_SECONDS ?? 10);
const THROUGHPUT_ROUNDS = Number(process.env.PUBLISH_THROUGHPUT_ROUNDS ?? 3);
const ARTICLES = process.env.PUBLISH_ARTICLES ?? '400';
const READERS = process.env.PUBLISH_READERS ?? '256';
const WORK = process.env.PUBLISH_WORK_DIR ?? os.tmpdir();
const OUT =
  process.env.PUBLISH_OUT ??
  path.join(root, 'bench/results', `publish-under-load-${new Date().toISOString().slice(0, 10)}.json`);
const STAFF = { email: 'banc-publication@redaction.test', password: 'Banc-Publication-Charge-2026' };
const GOALS = { rendersPerPublication: 30, hitRatioShare: 0.95, p99Factor: 1.2, throughputLoss: 0.05 };

const children = new Set<ChildProcess>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

function node(args: string[], cwd: string, env: Record<string, string>, keep = false): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=react-server', ...args], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.resume();
  if (keep) {
    children.add(child);
    child.once('exit', () => children.delete(child));
  }
  return child;
}

function finished(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} a échoué (${code})`)))),
  );
}

async function waitHealthy(url: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    const status = await fetch(`${url}/api/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return Date.now() - started;
    await sleep(200);
  }
  throw new Error(`${url} ne répond pas`);
}

/** The server counters this bench compares (caches, renders), summed by series, from /metrics. */
async function counters(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]*(?:cache|render)[a-z_]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match?.[1] && match[2] && !match[1].includes('_bytes') && !match[1].includes('_entries'))
      values.set(match[1], Number(match[2]));
  }
  return values;
}

function difference(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  return Object.fromEntries(
    [...after]
      .map(([series, value]) => [series, value - (before.get(series) ?? 0)] as const)
      .filter(([, value]) => value !== 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const sumOf = (values: Record<string, number>, name: string) =>
  Object.entries(values)
    .filter(([series]) => series === name || series.startsWith(`${name}{`))
    .reduce((sum, [, value]) => sum + value, 0);

type LoadSummary = {
  requests: number;
  requestsPerSecond: number;
  latencyMs: Record<string, number>;
  statuses: Record<string, number>;
  xCache: Record<string, number>;
  byClass: Record<
    string,
    { answers: number; latencyMs: Record<string, number>; xCache: Record<string, number> }
  >;
  windows: { fromSecond: number; answers: number; p99: number }[];
  errors: { total: number; fiveHundreds: number; socket: number; timeouts: number };
  machine: { loadAverageAtStart: number[]; loadAverageAtEnd: number[]; loadGeneratorCpuSeconds: number };
};

/** The page cache's hit ratio of a set of X-Cache counts: (HIT + STALE) / (HIT + STALE + MISS). */
function hitRatio(cache: Record<string, number>): number | null {
  const hits = (cache.HIT ?? 0) + (cache.STALE ?? 0);
  const all = hits + (cache.MISS ?? 0);
  return all === 0 ? null : round(hits / all, 4);
}

/** bench/load's mix against `url` for `seconds`, in a child process, with the counters around it. */
async function mixedPhase(label: string, url: string, seconds: number, during?: () => Promise<unknown>) {
  const out = path.join(WORK, `publish-under-load-${process.pid}-${label}.json`);
  const load = node(['--import', 'tsx', 'bench/load/run.ts'], root, {
    LOAD_BASE_URL: url,
    LOAD_LABEL: label,
    LOAD_SECONDS: String(seconds),
    LOAD_OUT: out,
    LOAD_READERS: READERS,
  });
  const done = finished(load, 'bench/load');
  // bench/load prints "Charge …" when its account is registered and the timed load begins.
  await new Promise<void>((resolve) =>
    load.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Charge ')) resolve();
    }),
  );
  const before = await counters(url);
  const startedAt = Date.now();
  const publishing = during?.();
  await done;
  const wallSeconds = (Date.now() - startedAt) / 1000;
  const serverCounters = difference(before, await counters(url));
  // Actions still under way when the load ended (a slow publication) are waited for, outside the phase's counters.
  const actions = await publishing;
  const run = JSON.parse(readFileSync(out, 'utf8')) as LoadSummary;
  rmSync(out, { force: true });
  return {
    requests: run.requests,
    requestsPerSecond: run.requestsPerSecond,
    latencyMs: run.latencyMs,
    errors: run.errors,
    statuses: run.statuses,
    xCache: run.xCache,
    hitRatio: hitRatio(run.xCache),
    renders: sumOf(serverCounters, 'page_renders_total'),
    wallSeconds: round(wallSeconds, 1),
    serverCounters,
    byClass: Object.fromEntries(
      Object.entries(run.byClass).map(([name, entry]) => [
        name,
        {
          answers: entry.answers,
          latencyMs: entry.latencyMs,
          xCache: entry.xCache,
          hitRatio: hitRatio(entry.xCache),
        },
      ]),
    ),
    // The p99 of each 10 s window is in the load's own record; here, each 5 s window's, to see a publication's wake.
    windowsP99Ms: run.windows.map((window) => window.p99),
    loadAverage: { start: run.machine.loadAverageAtStart, end: run.machine.loadAverageAtEnd },
    loadGeneratorCpuSeconds: run.machine.loadGeneratorCpuSeconds,
    actions,
  };
}

type Image = { alt?: string | null } & Record<string, unknown>;
type CorrectedFields = {
  title: string;
  summary?: string;
  images?: Image[];
  sections?: ({ images?: Image[] } & Record<string, unknown>)[];
};

/** The article's images (its own and its sections') with a text alternative where they had none. */
function withAlternativeTexts(article: CorrectedFields) {
  const described = (images: Image[] | undefined) =>
    images?.map((image) => (image.alt ? image : { ...image, alt: `Illustration : ${article.title}` }));
  return {
    ...(article.images ? { images: described(article.images) } : {}),
    ...(article.sections
      ? { sections: article.sections.map((section) => ({ ...section, images: described(section.images) })) }
      : {}),
  };
}

/** The newsroom of one server: an editor's session and the two actions of the publishing phase. */
async function newsroom(url: string) {
  const signIn = await fetch(`${url}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  if (!signIn.ok)
    throw new Error(`connexion à la rédaction impossible : ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const call = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} : ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const taxonomy = await call<{
    topics: { id: string; shortId: string; label: string; slug: string; parentId: string | null }[];
  }>('GET', '/api/admin/taxonomy');
  const social = taxonomy.topics.find((topic) => topic.slug === 'social' && topic.parentId === null);
  if (!social) throw new Error('thème social introuvable');
  const published = await call<{ items: { id: string }[] }>(
    'GET',
    '/api/admin/articles?status=published&type=actualite&perPage=20',
  );
  let corrections = 0;
  type Saved = { id: string; version: number; path: string };
  /** Seconds until the page at `pathname` shows `word` (polled every second, null past 15 s). */
  const visibleAfter = async (pathname: string, word: string, since: number) => {
    while (Date.now() - since < 15_000) {
      const page = await fetch(`${url}${pathname}`).then(
        (response) => response.text(),
        () => '',
      );
      if (page.includes(word)) return round((Date.now() - since) / 1000, 1);
      await sleep(1_000);
    }
    return null;
  };
  return {
    /** A new Social article, created and published at once. */
    async publish(word: string) {
      const startedAt = Date.now();
      const created = await call<Saved>('POST', '/api/admin/articles', {
        type: 'actualite',
        title: `Publication ${word} sous charge`,
        summary: `Résumé ${word}.`,
        topics: [{ label: social.label, slug: social.slug, id: social.id, shortId: social.shortId }],
        trades: ['social'],
        view: `<p>Texte ${word}.</p>`,
      });
      const live = await call<Saved>('POST', `/api/admin/articles/${created.id}/publish`, {
        version: created.version,
      });
      return {
        kind: 'publication',
        id: live.id,
        path: live.path,
        apiMs: Date.now() - startedAt,
        // What a reader of the trade sees: its list showing the new article.
        onSocialListAfterSeconds: await visibleAfter('/actualite/social', word, Date.now()),
      };
    },
    /** A correction of a published article: its summary edited, published again "mis à jour". */
    async correct(word: string) {
      const startedAt = Date.now();
      const target = published.items[corrections % published.items.length];
      corrections += 1;
      if (!target) throw new Error('aucun article publié à corriger');
      const current = await call<Saved & { article: CorrectedFields }>(
        'GET',
        `/api/admin/articles/${target.id}`,
      );
      const edited = await call<Saved>('PATCH', `/api/admin/articles/${target.id}`, {
        version: current.version,
        summary: `${current.article.summary ?? ''} Correction ${word}.`.trim(),
        // The seed's images have no text alternative, which the newsroom requires to publish: the editor adds it.
        ...withAlternativeTexts(current.article),
      });
      const live = await call<Saved>('POST', `/api/admin/articles/${target.id}/publish`, {
        version: edited.version,
        markUpdated: true,
        updateNote: `Correction ${word}.`,
      });
      return {
        kind: 'correction',
        id: live.id,
        path: live.path,
        apiMs: Date.now() - startedAt,
        onArticlePageAfterSeconds: await visibleAfter(live.path.split('#')[0] ?? '', word, Date.now()),
      };
    },
  };
}

/** One action every EVERY_SECONDS during `seconds`, the first halfway through the first interval. */
async function publishEvery(desk: Awaited<ReturnType<typeof newsroom>>, seconds: number) {
  const started = Date.now();
  const actions: Promise<Record<string, unknown>>[] = [];
  // Each on its own time, whether the one before has finished or not (a slow answer must not shift the others).
  for (let index = 0; (index + 0.5) * EVERY_SECONDS < seconds; index += 1) {
    actions.push(
      sleep((index + 0.5) * EVERY_SECONDS * 1000).then(async () => {
        const word = `charge${Date.now().toString(36)}${index}`;
        const atSecond = round((Date.now() - started) / 1000, 1);
        try {
          const done = index % 2 === 0 ? await desk.publish(word) : await desk.correct(word);
          return { atSecond, ...done };
        } catch (error) {
          return { atSecond, failed: String(error) };
        }
      }),
    );
  }
  return Promise.all(actions);
}

type Phase = Awaited<ReturnType<typeof mixedPhase>>;

/** Per route, a counter's difference over the phase divided by `count`. */
function perRoute(counters: Record<string, number>, name: string, count: number) {
  return Object.fromEntries(
    Object.entries(counters)
      .filter(([series]) => series.startsWith(`${name}{`))
      .map(([series, value]) => [/route="([^"]*)"/.exec(series)?.[1] ?? series, round(value / count, 1)]),
  );
}

function goals(quiet: Phase, publishing: Phase, quietAfter: Phase) {
  const publications = (publishing.actions as { failed?: string }[]).filter(
    (action) => !action.failed,
  ).length;
  // The renders publishing made: those of the phase beyond a quiet rate over the same time, per publication.
  const perPublicationBeyond = (rendersPerSecond: number) =>
    publications > 0
      ? round((publishing.renders - rendersPerSecond * publishing.wallSeconds) / publications, 1)
      : null;
  const rateOf = (...phases: Phase[]) =>
    phases.reduce((sum, phase) => sum + phase.renders, 0) /
    phases.reduce((sum, phase) => sum + phase.wallSeconds, 0);
  // Against both quiet phases; each alone shows how far the two sides of the bracket are apart.
  const rendersPerPublication = perPublicationBeyond(rateOf(quiet, quietAfter));
  const hitRatioShare =
    quiet.hitRatio && publishing.hitRatio !== null ? round(publishing.hitRatio / quiet.hitRatio, 4) : null;
  const p99Factor = quiet.latencyMs.p99
    ? round((publishing.latencyMs.p99 ?? 0) / quiet.latencyMs.p99, 3)
    : null;
  return {
    publications,
    rendersPerPublication,
    rendersPerPublicationAgainst: {
      quietBefore: perPublicationBeyond(rateOf(quiet)),
      quietAfter: perPublicationBeyond(rateOf(quietAfter)),
    },
    refreshedPerPublication:
      publications > 0
        ? perRoute(publishing.serverCounters, 'page_cache_refreshed_total', publications)
        : null,
    hitRatioShare,
    p99Factor,
    met: {
      rendersPerPublication:
        rendersPerPublication !== null && rendersPerPublication <= GOALS.rendersPerPublication,
      hitRatio: hitRatioShare !== null && hitRatioShare >= GOALS.hitRatioShare,
      p99: p99Factor !== null && p99Factor <= GOALS.p99Factor,
      noError: quiet.errors.total === 0 && publishing.errors.total === 0,
    },
  };
}

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const work = mkdtempSync(path.join(WORK, 'publish-under-load-'));
  const result: Record<string, unknown> = {
    benchmark: 'publish-under-load',
    date: new Date().toISOString(),
    command: `flock -o /tmp/bench.lock env PUBLISH_TARGETS=${TARGETS.map((target) => `${target.label}=${target.checkout}`).join(',')} PUBLISH_DIST_DIR=${DIST_DIR} PUBLISH_PORT=${FIRST_PORT} PUBLISH_SECONDS=${SECONDS} PUBLISH_EVERY_SECONDS=${EVERY_SECONDS} PUBLISH_WARMUP_SECONDS=${WARMUP_SECONDS} PUBLISH_THROUGHPUT_SECONDS=${THROUGHPUT_SECONDS} PUBLISH_THROUGHPUT_ROUNDS=${THROUGHPUT_ROUNDS} PUBLISH_ARTICLES=${ARTICLES} PUBLISH_READERS=${READERS} node --conditions=react-server --import tsx bench/publish-under-load/run.ts`,
    benchCommit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim(),
    machine: {
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}`,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: loadAverage(),
      note: 'The load generator runs on the same two cores as the server; other engineers share the machine.',
    },
    setup: {
      server: `each checkout's dist/serve.mjs (what npm start runs) over its ${DIST_DIR} build, APP_ENV=staging, PGlite, TRUSTED_PROXY_HOPS=1`,
      data: `one seeded data folder (${ARTICLES} articles, 500 documents) copied for each target`,
      load: `bench/load/run.ts, 64 connections, ${READERS} reader addresses, the mix of the scale bench`,
      publications: `every ${EVERY_SECONDS} s through the Admin API (the administrator NEWSROOM_ADMIN_EMAIL creates, signed in as the newsroom does): a new Social article, then a correction published "mis à jour", in turn`,
      hitRatio: '(HIT + STALE) / (HIT + STALE + MISS) of the X-Cache headers the readers got',
      rendersPerPublication:
        "(page_renders_total during the publishing phase − the two quiet phases' renders at the same rate) / publications",
      refreshedPerPublication:
        'page_cache_refreshed_total during the publishing phase, by route / publications',
    },
    goals: GOALS,
  };
  try {
    const first = TARGETS[0];
    if (!first) throw new Error('PUBLISH_TARGETS est vide');
    const seeded = path.join(work, 'seeded');
    console.log(`Contenu de démonstration (${ARTICLES} articles) dans ${seeded}…`);
    await finished(
      node(['dist/seed.mjs', '--articles', ARTICLES, '--documents', '500'], first.checkout, {
        DATA_DIR: seeded,
      }),
      'le contenu de démonstration',
    );
    const servers = TARGETS.map((target, index) => {
      const dataDir = path.join(work, `data-${target.label}`);
      cpSync(seeded, dataDir, { recursive: true });
      const port = FIRST_PORT + index;
      node(
        ['dist/serve.mjs', '--hostname', '127.0.0.1', '--port', String(port)],
        target.checkout,
        {
          DATA_DIR: dataDir,
          NEXT_DIST_DIR: DIST_DIR,
          APP_ENV: 'staging',
          LOG_LEVEL: 'warn',
          NEWSROOM_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
          NEWSLETTER_UNSUBSCRIBE_SECRET: 'banc-publication-sous-charge-secret-de-desabonnement',
          NEWSROOM_ADMIN_EMAIL: STAFF.email,
          NEWSROOM_ADMIN_PASSWORD: STAFF.password,
          TRUSTED_PROXY_HOPS: '1',
          // On PGlite a publication refreshes the caches through the server's own port (content-changes.ts).
          PORT: String(port),
        },
        true,
      );
      return {
        ...target,
        url: `http://127.0.0.1:${port}`,
        commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
          cwd: target.checkout,
          encoding: 'utf8',
        }).trim(),
      };
    });
    for (const server of servers) await waitHealthy(server.url);

    const throughputs = await throughputRounds(servers, THROUGHPUT_ROUNDS, {
      nginxPort: FIRST_PORT + 10,
      connections: 32,
      seconds: THROUGHPUT_SECONDS,
    });
    const measured: Record<string, Record<string, unknown>> = {};
    for (const server of servers) {
      console.log(`${server.label} (${server.commit}) sur ${server.url}`);
      const desk = await newsroom(server.url);
      const throughput = throughputs.get(server.label);
      const coldStart = await mixedPhase(`${server.label}-cold`, server.url, WARMUP_SECONDS);
      const quiet = await mixedPhase(`${server.label}-quiet`, server.url, SECONDS);
      console.log(
        server.label,
        'sans publication',
        JSON.stringify({ ...quiet, byClass: undefined, serverCounters: undefined }),
      );
      const publishing = await mixedPhase(`${server.label}-publishing`, server.url, SECONDS, () =>
        publishEvery(desk, SECONDS),
      );
      console.log(
        server.label,
        'avec publications',
        JSON.stringify({ ...publishing, byClass: undefined, serverCounters: undefined }),
      );
      const quietAfter = await mixedPhase(`${server.label}-quiet-after`, server.url, SECONDS);
      console.log(
        server.label,
        'sans publication, après',
        JSON.stringify({ ...quietAfter, byClass: undefined, serverCounters: undefined }),
      );
      measured[server.label] = {
        checkout: server.checkout,
        commit: server.commit,
        throughputAgainstNginx: throughput,
        coldStart: {
          requestsPerSecond: coldStart.requestsPerSecond,
          latencyMs: coldStart.latencyMs,
          errors: coldStart.errors,
          hitRatio: coldStart.hitRatio,
          renders: coldStart.renders,
        },
        quiet,
        publishing,
        quietAfter,
        goals: goals(quiet, publishing, quietAfter),
      };
      console.log(server.label, JSON.stringify(measured[server.label]?.goals));
    }
    result.targets = measured;
    // With a baseline (the first target), each other target's throughput against nginx beside it.
    const [baseline, ...others] = servers;
    if (baseline && others.length > 0) {
      const ratios = (label: string) =>
        measured[label]?.throughputAgainstNginx as Record<string, { ratioToNginx: number }> | undefined;
      result.throughputAgainstBaseline = Object.fromEntries(
        others.map((server) => [
          server.label,
          Object.fromEntries(
            Object.entries(ratios(server.label) ?? {}).map(([name, figures]) => {
              const before = ratios(baseline.label)?.[name]?.ratioToNginx ?? Number.NaN;
              const share = round(figures.ratioToNginx / before);
              return [
                name,
                {
                  baseline: before,
                  measured: figures.ratioToNginx,
                  share,
                  met: share >= 1 - GOALS.throughputLoss,
                },
              ];
            }),
          ),
        ]),
      );
    }
    (result.machine as Record<string, unknown>).loadAverageAtEnd = loadAverage();
  } finally {
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Résultat écrit dans ${OUT}`);
    for (const child of children) child.kill('SIGTERM');
    await sleep(3_000);
    for (const child of children) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
