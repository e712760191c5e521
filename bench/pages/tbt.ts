// What the blocking time of each reader template is made of (bench/pages, a diagnosis, not a timed test). Against
// a running, seeded production server:
//
//   BASE_URL=http://127.0.0.1:3670 LIGHTHOUSE_RUNS=1 node --import tsx bench/pages/tbt.ts [template ...]
//
// Runs Lighthouse as bench/pages/run.ts does (mobile, default simulated throttling) and prints, per template and
// run: the total blocking time; the main thread's work by kind (`mainthread-work-breakdown`) and by script
// (`bootup-time`), both at Lighthouse's 4x CPU slowdown; and every long task (`long-tasks`: 50 ms or more as
// simulated) with its start, its length, the script it is attributed to and what it spent its time on (script
// evaluation, parsing, style and layout...). A task's share of the blocking time is what it lasts beyond 50 ms,
// counted between the first contentful paint and the time to interactive. BENCH_JSON=file writes it all there.
import { readFile, writeFile } from 'node:fs/promises';
import { readerTemplates } from '../../tests/support/reader-templates';
import { type LighthouseReport, lighthouseReport } from './lighthouse';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3600').replace(/\/+$/, '');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const ONLY = process.argv.slice(2);

type Report = LighthouseReport;

const round = (value: unknown) => Math.round(Number(value ?? 0));
const shortUrl = (url: unknown) => {
  const text = String(url ?? '');
  if (!text.startsWith('http')) return text;
  const parsed = new URL(text);
  return `${parsed.pathname.replace(/^\/_next\/static\//, '')}${parsed.search ? '?' : ''}`;
};

function analyse(report: Report) {
  const audits = report.audits;
  const metric = (name: string) => round(audits[name]?.numericValue);
  const breakdown = (audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => ({
    group: String(item.groupLabel ?? item.group),
    ms: round(item.duration),
  }));
  const scripts = (audits['bootup-time']?.details?.items ?? []).map((item) => ({
    url: shortUrl(item.url),
    totalMs: round(item.total),
    scriptingMs: round(item.scripting),
    parseCompileMs: round(item.scriptParseCompile),
  }));
  const debug = audits['long-tasks']?.details?.debugData;
  const longTasks = (debug?.tasks ?? []).map(({ urlIndex, startTime, duration, ...groups }) => ({
    url: shortUrl(debug?.urls?.[urlIndex ?? -1]),
    startMs: round(startTime),
    ms: round(duration),
    blockingMs: Math.max(0, round(duration) - 50),
    by: Object.fromEntries(
      Object.entries(groups)
        .filter(([, ms]) => ms >= 5)
        .map(([group, ms]) => [group, round(ms)]),
    ),
  }));
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    ttiMs: metric('interactive'),
    tbtMs: metric('total-blocking-time'),
    mainThread: breakdown,
    scripts,
    longTasks: longTasks.sort((a, b) => a.startMs - b.startMs),
  };
}

async function main() {
  const templates = await readerTemplates(BASE_URL);
  const names = ONLY.length > 0 ? ONLY : Object.keys(templates);
  const results: Record<string, ReturnType<typeof analyse>[]> = {};
  for (const name of names) {
    const pagePath = templates[name as keyof typeof templates];
    if (!pagePath) throw new Error(`unknown template ${name}: ${Object.keys(templates).join(', ')}`);
    for (let run = 0; run < RUNS; run += 1) {
      const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
      const result = analyse(await lighthouseReport(`${BASE_URL}${pagePath}`));
      results[name] = [...(results[name] ?? []), result];
      console.log(
        `\n${name} ${pagePath} run ${run + 1} (load ${load}): performance ${result.performance}, FCP ${result.fcpMs}, LCP ${result.lcpMs}, TTI ${result.ttiMs}, TBT ${result.tbtMs} ms`,
      );
      console.log(`  main thread: ${result.mainThread.map((g) => `${g.group} ${g.ms}`).join(', ')}`);
      for (const script of result.scripts) {
        console.log(
          `  script ${script.url}: ${script.totalMs} ms (scripting ${script.scriptingMs}, parse ${script.parseCompileMs})`,
        );
      }
      for (const task of result.longTasks) {
        console.log(
          `  task at ${task.startMs} ms: ${task.ms} ms (blocking ${task.blockingMs}) ${task.url} ${JSON.stringify(task.by)}`,
        );
      }
    }
  }
  if (process.env.BENCH_JSON) {
    await writeFile(process.env.BENCH_JSON, `${JSON.stringify({ baseUrl: BASE_URL, results }, null, 2)}\n`);
  }
}

await main();
