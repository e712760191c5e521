// Benchmark of the reader pages (bench/pages), not a timed test. Against a running, seeded production server:
//
//   BASE_URL=http://localhost:3105 NEXT_DIST_DIR=.next-news node --import tsx bench/pages/run.ts
//
// With BASELINE_URL (and BASELINE_DIST_DIR, the baseline's build folder) the same measures run against a second
// server, e.g. main, in the same run: throughput one after the other, Lighthouse interleaved page by page and run
// by run, so both see the same machine load. LIGHTHOUSE_RUNS (default 3) runs per page, the median reported.
//
// 1. throughput of the anonymous home, topic and article pages (wrk, 32 connections) and of nginx serving
//    the very same HTML bytes as static files (the ratio says what the page cache costs over a static server);
// 2. uncached render times: first requests of paths never rendered before (article, thematic pages) and the home
//    page (rendered per request), p50/p95;
// 3. Lighthouse in mobile mode (default throttling, Debian's Chromium) on every reader template: home, news home,
//    topic, article, enriched article, search, agenda, figures and rates, archive; the load average of each run;
// 4. JavaScript: gzip bytes of the scripts an empty page of the same build loads (the framework's own baseline:
//    the build's root main files) against those each of those pages makes Chromium fetch. `noModule` scripts (the
//    legacy polyfills) are left out: browsers with ES modules never download them.
// 5. what a phone pays (part `phone`, bench/pages/phone-trace.ts): per template, the main thread's script time
//    (evaluation, calls, compilation) from the navigation to idle in a Chromium trace at 4x CPU slowdown,
//    PHONE_RUNS times (default 3), the targets interleaved, the median reported;
// and in part 3, each Lighthouse run is followed by one with a one-core CPU hog beside it (a `node -e` busy loop
// the bench starts before and kills after), the same page and target: a phone whose other work takes a core.
// Results go to bench/results/pages-<date>.json.
//
// With FLOOR_URL (a server of bench/pages/floor: Next.js alone, an empty page; see bench/pages/floor.sh), Lighthouse
// and the phone's script time also run on it once per run, interleaved with the pages: what the framework itself
// scores and costs on this machine at that moment, the floor no page of the site can go below.
//
// What a template's largest paint waits for (its element, phases and the requests before it): bench/pages/lcp.ts.
//
// BENCH_ONLY=javascript,phone (any of throughput, renders, javascript, lighthouse, phone) runs some parts only, while
// iterating: such a partial run prints its figures and writes no record, unless BENCH_LABEL names it (the record
// then holds those parts only, and says which in `parts`). BENCH_PAGES=home,topic,article measures
// those templates only in the JavaScript, Lighthouse and phone parts (a record says which), so that a run against a
// baseline keeps within a short turn of the benchmark lock; the throughput part always takes its three pages.
import { execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { articlePathOf, readerTemplates } from '../../tests/support/reader-templates';
import { CHROMIUM, lighthouseReport } from './lighthouse';
import { type PhoneScriptTime, phoneScriptTime } from './phone-trace';
import { measureThroughput, pageBytes } from './static-throughput';

const run = promisify(execFile);

/** A server under test and its build folder (for the framework's own scripts). */
type Target = { label: 'branch' | 'baseline'; baseUrl: string; distDir: string };
const trim = (url: string) => url.replace(/\/+$/, '');
const BRANCH: Target = {
  label: 'branch',
  baseUrl: trim(process.env.BASE_URL ?? 'http://localhost:3105'),
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
};
const BASELINE: Target | undefined = process.env.BASELINE_URL
  ? {
      label: 'baseline',
      baseUrl: trim(process.env.BASELINE_URL),
      distDir: process.env.BASELINE_DIST_DIR ?? '.next',
    }
  : undefined;
const TARGETS: Target[] = BASELINE ? [BRANCH, BASELINE] : [BRANCH];
const FLOOR_URL = process.env.FLOOR_URL ? trim(process.env.FLOOR_URL) : undefined;
/** BENCH_LABEL names the record (pages-<date>-<label>.json) so that two runs of a day do not overwrite each other. */
const LABEL = process.env.BENCH_LABEL?.replace(/[^a-z0-9-]/gi, '');
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PHONE_RUNS = Number(process.env.PHONE_RUNS ?? 3);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const NGINX_PORT = Number(process.env.NGINX_PORT ?? 3195);
/** Distinct never-rendered paths timed for the uncached render percentiles. */
const UNCACHED_SAMPLES = Number(process.env.UNCACHED_SAMPLES ?? 40);
const PARTS = ['throughput', 'renders', 'javascript', 'lighthouse', 'phone'] as const;
type Part = (typeof PARTS)[number];
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()) ?? [...PARTS];
for (const part of ONLY) {
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`BENCH_ONLY: unknown part ${part}`);
}
const runs = (part: Part) => ONLY.includes(part);
const PAGES = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());

/** The templates measured by the JavaScript and Lighthouse parts: all of them, or those BENCH_PAGES names. */
function selected(all: Record<string, string>): Record<string, string> {
  if (!PAGES) return all;
  const unknown = PAGES.filter((name) => !(name in all));
  if (unknown.length > 0)
    throw new Error(`BENCH_PAGES: unknown ${unknown.join(', ')} (${Object.keys(all).join(', ')})`);
  return Object.fromEntries(Object.entries(all).filter(([name]) => PAGES.includes(name)));
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/** Lighthouse now and then fails to record the trace on a loaded machine (NO_NAVSTART): one more try. */
async function lighthouse(url: string) {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    console.warn(
      'lighthouse failed once, retrying:',
      error instanceof Error ? error.message.split('\n')[1] : error,
    );
    return lighthouseOnce(url);
  }
}

async function lighthouseOnce(url: string) {
  const report = await lighthouseReport<{ node?: { snippet?: string }; score?: number }>(url);
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
    // What moved, when something did: the elements Lighthouse blames for the layout shifts.
    layoutShifts: (report.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      element: item.node?.snippet?.slice(0, 120),
      score: item.score,
    })),
  };
}

/** Gzip bytes of a list of same-origin script paths. */
async function gzipBytes(baseUrl: string, paths: readonly string[]): Promise<number> {
  let total = 0;
  for (const script of paths) {
    const body = Buffer.from(await (await fetch(`${baseUrl}${script}`)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

/** Same-origin script paths of a page's HTML; `noModule` ones (legacy polyfills) apart, as browsers treat them. */
function scriptsOf(html: string): { module: string[]; noModule: string[] } {
  const scripts = { module: new Set<string>(), noModule: new Set<string>() };
  for (const [tag] of html.matchAll(/<script[^>]+src="[^"]+"[^>]*>/g)) {
    const src = /src="([^"]+)"/.exec(tag)?.[1] ?? '';
    if (src.startsWith('/_next/')) scripts[/\snomodule[\s=>]/i.test(tag) ? 'noModule' : 'module'].add(src);
  }
  return { module: [...scripts.module], noModule: [...scripts.noModule] };
}

/**
 * The same-origin scripts Chromium fetches for a page, until two seconds after its load event: what the HTML
 * lists and any chunk its code imports at start (a dynamic import on first interaction is not counted).
 */
async function scriptsFetched(baseUrl: string, pagePath: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    const fetched = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.origin === new URL(baseUrl).origin) {
        fetched.add(url.pathname);
      }
    });
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
    await page.waitForTimeout(2000);
    return [...fetched];
  } finally {
    await browser.close();
  }
}

async function loadAverageNow(): Promise<string[]> {
  return (await readFile('/proc/loadavg', 'utf8')).trim().split(' ').slice(0, 3);
}

/** Uncached renders: paths never requested before (each first request renders the page). */
async function measureRenders(baseUrl: string) {
  const { news: older } = await json<{ news: Parameters<typeof articlePathOf>[0][] }>(
    `${baseUrl}/api/article/summary?limit=${UNCACHED_SAMPLES}&page=3&type=actualite`,
  );
  const articleRenders: number[] = [];
  for (const item of older) articleRenders.push(await timed(`${baseUrl}${articlePathOf(item)}`));
  const homeRenders: number[] = [];
  for (let index = 0; index < UNCACHED_SAMPLES; index += 1) homeRenders.push(await timed(`${baseUrl}/`));
  const thematics = await json<{ thematics: { slug: string }[] }>(
    `${baseUrl}/api/article/summary?topic=fiscal&needsThematics=true&limit=1`,
  );
  const topicRenders: number[] = [];
  for (const thematic of thematics.thematics.slice(0, UNCACHED_SAMPLES)) {
    topicRenders.push(await timed(`${baseUrl}/actualite/fiscal/${thematic.slug}`));
  }
  const renders = {
    article: {
      samples: articleRenders.length,
      p50: percentile(articleRenders, 50),
      p95: percentile(articleRenders, 95),
    },
    thematic: {
      samples: topicRenders.length,
      p50: percentile(topicRenders, 50),
      p95: percentile(topicRenders, 95),
    },
    homeRenderedPerRequest: {
      samples: homeRenders.length,
      p50: percentile(homeRenders, 50),
      p95: percentile(homeRenders, 95),
    },
  };
  console.log('renders', JSON.stringify(renders));
  return renders;
}

/**
 * JavaScript: the framework's own baseline is what every page of this build loads before any page code (the
 * build manifest's root main files); each page's figure is what Chromium fetches for it.
 */
async function measureJavascript(target: Target, pages: Record<string, string>) {
  const { baseUrl, distDir } = target;
  const manifest = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles?: string[];
  };
  const baselineScripts = (manifest.rootMainFiles ?? []).map((file) => `/_next/${file}`);
  const notFoundHtml = await (await fetch(`${baseUrl}/page-inexistante-bench`)).text();
  const frameworkBaselineGzipBytes = await gzipBytes(baseUrl, baselineScripts);
  const perPage: Record<string, { gzipBytes: number; scripts: number; addsOverFrameworkGzipBytes: number }> =
    {};
  let noModulePolyfillGzipBytes = 0;
  for (const [name, pagePath] of Object.entries(pages)) {
    const html = await (await fetch(`${baseUrl}${pagePath}`)).text();
    const listed = scriptsOf(html);
    const fetched = await scriptsFetched(baseUrl, pagePath);
    const missing = listed.module.filter((script) => !fetched.includes(script));
    if (missing.length > 0)
      throw new Error(`Chromium did not fetch scripts ${name} lists: ${missing.join(' ')}`);
    const gzip = await gzipBytes(baseUrl, fetched);
    perPage[name] = {
      gzipBytes: gzip,
      scripts: fetched.length,
      addsOverFrameworkGzipBytes: gzip - frameworkBaselineGzipBytes,
    };
    noModulePolyfillGzipBytes = await gzipBytes(baseUrl, listed.noModule);
  }
  const result = {
    frameworkBaselineGzipBytes,
    emptyLayoutPageGzipBytes: await gzipBytes(baseUrl, scriptsOf(notFoundHtml).module),
    // Listed by every page for browsers without ES modules, downloaded by none of the others: not counted above.
    noModulePolyfillGzipBytes,
    pages: perPage,
    mostOverFrameworkGzipBytes: Math.max(
      ...Object.values(perPage).map((page) => page.addsOverFrameworkGzipBytes),
    ),
  };
  console.log(target.label, 'javascript', JSON.stringify(result));
  return result;
}

type LighthouseRun = Awaited<ReturnType<typeof lighthouse>> & { loadAverage: string[] };

/** A one-core CPU hog: a Node busy loop, running until `stop`. */
async function startHog() {
  const hog = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  // Let it take its core before the measure starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    async stop() {
      const exited = new Promise((resolve) => hog.once('exit', resolve));
      hog.kill('SIGKILL');
      await exited;
    },
  };
}

/** Lighthouse with the hog beside it, which stops even when Lighthouse fails. */
async function lighthouseWithHog(url: string) {
  const hog = await startHog();
  try {
    return await lighthouse(url);
  } finally {
    await hog.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The median of each figure over the runs (each one separately), with every run kept. */
function summarise(runs: LighthouseRun[]) {
  const pick = (key: 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'cls' | 'lcpMs' | 'tbtMs') =>
    median(runs.map((run) => run[key]));
  return {
    median: {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      cls: pick('cls'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      benchmarkIndex: median(runs.flatMap((run) => run.benchmarkIndex ?? [])),
    },
    runs,
  };
}

/**
 * Lighthouse on every page, LIGHTHOUSE_RUNS times, the targets interleaved (page by page, run by run) so that a
 * change of the machine's load weighs on both alike.
 */
async function measureLighthouse(pagesOf: Map<Target, Record<string, string>>) {
  const collected = new Map<Target, Record<string, LighthouseRun[]>>(TARGETS.map((target) => [target, {}]));
  const collectedWithHog = new Map<Target, Record<string, LighthouseRun[]>>(
    TARGETS.map((target) => [target, {}]),
  );
  const names = Object.keys(pagesOf.get(BRANCH) ?? {});
  const floorRuns: LighthouseRun[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    if (FLOOR_URL) {
      const loadAverage = await loadAverageNow();
      floorRuns.push({ ...(await lighthouse(`${FLOOR_URL}/`)), loadAverage });
      console.log('lighthouse floor', run + 1, JSON.stringify(floorRuns.at(-1)));
    }
    for (const name of names) {
      for (const target of run % 2 === 0 ? TARGETS : [...TARGETS].reverse()) {
        const pagePath = pagesOf.get(target)?.[name];
        if (!pagePath) continue;
        const loadAverage = await loadAverageNow();
        const result = { ...(await lighthouse(`${target.baseUrl}${pagePath}`)), loadAverage };
        const byPage = collected.get(target) ?? {};
        byPage[name] = [...(byPage[name] ?? []), result];
        collected.set(target, byPage);
        console.log(
          'lighthouse',
          target.label,
          name,
          run + 1,
          JSON.stringify({ ...result, layoutShifts: undefined }),
        );
        const hogLoad = await loadAverageNow();
        const withHog = {
          ...(await lighthouseWithHog(`${target.baseUrl}${pagePath}`)),
          loadAverage: hogLoad,
        };
        const byPageWithHog = collectedWithHog.get(target) ?? {};
        byPageWithHog[name] = [...(byPageWithHog[name] ?? []), withHog];
        collectedWithHog.set(target, byPageWithHog);
        console.log(
          'lighthouse with hog',
          target.label,
          name,
          run + 1,
          JSON.stringify({ ...withHog, layoutShifts: undefined }),
        );
      }
    }
  }
  const summarised = (measured: Map<Target, Record<string, LighthouseRun[]>>) =>
    new Map(
      [...measured].map(([target, byPage]) => [
        target,
        Object.fromEntries(
          Object.entries(byPage).map(([name, runs]) => [
            name,
            { path: pagesOf.get(target)?.[name], ...summarise(runs) },
          ]),
        ),
      ]),
    );
  return {
    byTarget: summarised(collected),
    withHogByTarget: summarised(collectedWithHog),
    floor: floorRuns.length > 0 ? summarise(floorRuns) : undefined,
  };
}

type PhoneRun = PhoneScriptTime & { loadAverage: string[] };

/** A trace now and then misses its navigation's start on a loaded machine, as Lighthouse's does: one more try. */
async function phone(url: string, options?: Parameters<typeof phoneScriptTime>[1]) {
  try {
    return await phoneScriptTime(url, options);
  } catch (error) {
    console.warn('phone trace failed once, retrying:', error instanceof Error ? error.message : error);
    return phoneScriptTime(url, options);
  }
}

/**
 * The script time of every page on a phone (phone-trace.ts), PHONE_RUNS times, the targets interleaved page by
 * page and run by run; the median of each figure, every run kept.
 */
async function measurePhone(pagesOf: Map<Target, Record<string, string>>) {
  const collected = new Map<Target, Record<string, PhoneRun[]>>(TARGETS.map((target) => [target, {}]));
  const names = Object.keys(pagesOf.get(BRANCH) ?? {});
  const floorRuns: PhoneRun[] = [];
  for (let run = 0; run < PHONE_RUNS; run += 1) {
    if (FLOOR_URL) {
      const loadAverage = await loadAverageNow();
      floorRuns.push({ ...(await phone(`${FLOOR_URL}/`, { hydration: false })), loadAverage });
      console.log('phone floor', run + 1, JSON.stringify(floorRuns.at(-1)));
    }
    for (const name of names) {
      for (const target of run % 2 === 0 ? TARGETS : [...TARGETS].reverse()) {
        const pagePath = pagesOf.get(target)?.[name];
        if (!pagePath) continue;
        const loadAverage = await loadAverageNow();
        const result = { ...(await phone(`${target.baseUrl}${pagePath}`)), loadAverage };
        const byPage = collected.get(target) ?? {};
        byPage[name] = [...(byPage[name] ?? []), result];
        collected.set(target, byPage);
        console.log('phone', target.label, name, run + 1, JSON.stringify(result));
      }
    }
  }
  const pick = (
    runs: PhoneRun[],
    key: 'scriptMs' | 'evaluationMs' | 'parseCompileMs' | 'mainThreadMs' | 'benchmarkIndex',
  ) => median(runs.map((run) => run[key]));
  const summary = (runs: PhoneRun[]) => ({
    median: {
      scriptMs: pick(runs, 'scriptMs'),
      evaluationMs: pick(runs, 'evaluationMs'),
      parseCompileMs: pick(runs, 'parseCompileMs'),
      mainThreadMs: pick(runs, 'mainThreadMs'),
      benchmarkIndex: pick(runs, 'benchmarkIndex'),
    },
    runs,
  });
  const byTarget = new Map(
    [...collected].map(([target, byPage]) => [
      target,
      Object.fromEntries(
        Object.entries(byPage).map(([name, runs]) => [
          name,
          { path: pagesOf.get(target)?.[name], ...summary(runs) },
        ]),
      ),
    ]),
  );
  return { byTarget, floor: floorRuns.length > 0 ? summary(floorRuns) : undefined };
}

async function main() {
  const pages = new Map<Target, Record<string, string>>();
  const allPages = new Map<Target, Record<string, string>>();
  for (const target of TARGETS) {
    const all = await readerTemplates(target.baseUrl);
    allPages.set(target, all);
    pages.set(target, selected(all));
  }
  const results = new Map<Target, Record<string, unknown>>(TARGETS.map((target) => [target, {}]));
  const record = (target: Target, key: string, value: unknown) => {
    const entry = results.get(target) ?? {};
    entry[key] = value;
    results.set(target, entry);
  };

  for (const target of TARGETS) {
    const all = allPages.get(target) ?? {};
    const throughputPages = { home: all.home ?? '/', topic: all.topic ?? '', article: all.article ?? '' };
    // Warm the caches, then keep the exact bytes each page answers for nginx.
    const html = await pageBytes(target.baseUrl, throughputPages);
    record(target, 'server', target.baseUrl);
    if (runs('throughput')) {
      record(
        target,
        'throughput',
        await measureThroughput(target.baseUrl, throughputPages, html, {
          nginxPort: NGINX_PORT,
          connections: CONNECTIONS,
          seconds: DURATION_SECONDS,
        }),
      );
    }
    if (runs('renders')) record(target, 'renders', await measureRenders(target.baseUrl));
    if (runs('javascript')) {
      record(target, 'javascript', await measureJavascript(target, pages.get(target) ?? {}));
    }
  }
  const loadBeforeLighthouse = await loadAverageNow();
  let floor: ReturnType<typeof summarise> | undefined;
  if (runs('lighthouse')) {
    const measured = await measureLighthouse(pages);
    for (const [target, byPage] of measured.byTarget) record(target, 'lighthouse', byPage);
    for (const [target, byPage] of measured.withHogByTarget) record(target, 'lighthouseWithHog', byPage);
    floor = measured.floor;
  }
  const loadBeforePhone = await loadAverageNow();
  let phoneFloor: Awaited<ReturnType<typeof measurePhone>>['floor'];
  if (runs('phone')) {
    const measured = await measurePhone(pages);
    for (const [target, byPage] of measured.byTarget) record(target, 'phoneScriptTime', byPage);
    phoneFloor = measured.floor;
  }

  const { stdout: cpu } = await run('nproc');
  const { stdout: commit } = await run('git', ['rev-parse', 'HEAD']);
  const result = {
    date: new Date().toISOString(),
    command: `BASE_URL=${BRANCH.baseUrl} NEXT_DIST_DIR=${BRANCH.distDir}${BASELINE ? ` BASELINE_URL=${BASELINE.baseUrl} BASELINE_DIST_DIR=${BASELINE.distDir}` : ''}${FLOOR_URL ? ` FLOOR_URL=${FLOOR_URL}` : ''}${LABEL ? ` BENCH_LABEL=${LABEL}` : ''}${PAGES ? ` BENCH_PAGES=${PAGES.join(',')}` : ''} LIGHTHOUSE_RUNS=${LIGHTHOUSE_RUNS} PHONE_RUNS=${PHONE_RUNS}${process.env.BENCH_ONLY ? ` BENCH_ONLY=${ONLY.join(',')}` : ''} node --import tsx bench/pages/run.ts`,
    commit: commit.trim(),
    parts: ONLY,
    // Other work shares the machine: its load average at the end of the run says how much.
    machine: {
      cpus: Number(cpu.trim()),
      node: process.version,
      loadAverage: await loadAverageNow(),
      // Lighthouse's scores move with the load: the load average when its part started (and at each run).
      loadAverageBeforeLighthouse: loadBeforeLighthouse,
      loadAverageBeforePhone: loadBeforePhone,
      // Other work on the machine while the bench ran (`uptime` at its end).
      uptime: (await run('uptime')).stdout.trim(),
    },
    tool: `wrk, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run; nginx ${NGINX_PORT} serving the same bytes; Lighthouse ${LIGHTHOUSE_RUNS} runs per page, mobile, default throttling, median, each followed by one with a one-core busy loop beside it (lighthouseWithHog); phone script time: Chromium trace at 4x CPU slowdown from the navigation to idle, ${PHONE_RUNS} runs per page, median`,
    targets: {
      requestsPerSecond: 2000,
      uncachedRenderP95Ms: 80,
      lighthouse: {
        performance: 95,
        lcpMs: 2000,
        tbtMs: 150,
        accessibility: 100,
        bestPractices: 100,
        seo: 100,
      },
      pageJavascriptOverFrameworkGzipBytes: 30 * 1024,
      phoneScriptMs: 400,
      lighthouseWithHogPerformance: 90,
    },
    ...Object.fromEntries([...results].map(([target, value]) => [target.label, value])),
    // Lighthouse on Next.js alone (bench/pages/floor), interleaved with the pages above.
    frameworkFloor: floor,
    frameworkFloorPhoneScriptTime: phoneFloor,
  };
  if (ONLY.length < PARTS.length && !LABEL) {
    console.log(`partial run (BENCH_ONLY=${ONLY.join(',')}), no record written:`);
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const file = path.join(
    'bench/results',
    `pages-${result.date.slice(0, 10)}${LABEL ? `-${LABEL}` : ''}.json`,
  );
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${file}`);
}

await main();
