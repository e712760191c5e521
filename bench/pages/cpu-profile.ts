// Where a phone's main thread goes while a reader template loads (bench/pages, a diagnosis, not a timed test).
// Against a running, seeded production server:
//
//   BASE_URL=http://127.0.0.1:3670 node --import tsx bench/pages/cpu-profile.ts [template or /path ...]
//
// Loads each template in Chromium as Lighthouse's phone (412 x 823, 1.75x) with its CPU slowdown (4x), records
// V8's sampling profile from the navigation to 5 s after the load, and prints the time by kind of work (each
// sample put in one kind by its stack: native parsing, style, layout and paint; garbage collection; Turbopack's
// module evaluation; else the script file whose code started the task, e.g. the chunk holding React's scheduler),
// the functions with the most time of their own (a production build's names are minified: the file and column
// lead to the code, e.g. a module that builds date formatters when it is evaluated) and the long tasks the page
// itself observed (50 ms or more at 4x; their part beyond 50 ms after the first contentful paint is a blocking
// time, unsimulated). Lighthouse's own view: bench/pages/tbt.ts.
// PROFILE_DIR=folder keeps each .cpuprofile (Chromium's DevTools open them).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { readerTemplates } from '../../tests/support/reader-templates';
import { CHROMIUM } from './lighthouse';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3600').replace(/\/+$/, '');
const ONLY = process.argv.slice(2);

type CallFrame = { functionName: string; url: string; columnNumber: number };
type Profile = {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};

const fileOf = (frame: CallFrame) => frame.url.split('/').pop() || '(inline)';

/** The kind of work of a sample, from its stack (innermost frame first). */
function kindOf(stack: CallFrame[]): string {
  const [top] = stack;
  if (!top || top.functionName === '(program)') return 'native: parsing, style, layout, paint';
  if (top.functionName === '(garbage collector)') return 'garbage collection';
  if (stack.some((frame) => frame.functionName === 'registerChunk'))
    return 'module evaluation (registerChunk)';
  const entry = stack.findLast((frame) => frame.url);
  return entry ? `tasks started by ${fileOf(entry)}` : 'other';
}

async function profile(url: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: [number, number][] = [];
      Object.assign(window, { __longTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      load: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd ?? 0,
      longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
    }));
    return { profile, ...timings };
  } finally {
    await browser.close();
  }
}

function analyse(profile: Profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const kinds = new Map<string, number>();
  const self = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let index = 0; index < profile.samples.length - 1; index += 1) {
    const stack: CallFrame[] = [];
    for (let id: number | undefined = profile.samples[index]; id !== undefined; id = parents.get(id)) {
      const node = nodes.get(id);
      if (node) stack.push(node.callFrame);
    }
    const [top] = stack;
    if (!top || top.functionName === '(idle)') continue;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    add(kinds, kindOf(stack), ms);
    if (top.url) add(self, `${top.functionName || '(anonymous)'} ${fileOf(top)}:${top.columnNumber}`, ms);
  }
  const sorted = (map: Map<string, number>, count: number) =>
    Object.fromEntries(
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([key, ms]) => [key, Math.round(ms)]),
    );
  return { kinds: sorted(kinds, 20), selfTime: sorted(self, 8) };
}

async function main() {
  // An argument that starts with `/` is a path as it is: `/` of the floor server (bench/pages/floor.sh), which has
  // no reader templates to look up.
  const templates = ONLY.every((name) => name.startsWith('/')) ? {} : await readerTemplates(BASE_URL);
  for (const name of ONLY.length > 0 ? ONLY : Object.keys(templates)) {
    const pagePath = name.startsWith('/') ? name : templates[name as keyof typeof templates];
    if (!pagePath) throw new Error(`unknown template ${name}: ${Object.keys(templates).join(', ')}`);
    const result = await profile(`${BASE_URL}${pagePath}`);
    if (process.env.PROFILE_DIR) {
      await writeFile(
        path.join(process.env.PROFILE_DIR, `${name.replace(/[^\w-]+/g, '_')}.cpuprofile`),
        JSON.stringify(result.profile),
      );
    }
    const blocking = result.longTasks
      .filter(([start]) => start >= result.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    console.log(
      `${name} ${pagePath}: FCP ${Math.round(result.fcp)} ms, load ${Math.round(result.load)} ms, blocking after FCP ${blocking} ms`,
    );
    const { kinds, selfTime } = analyse(result.profile);
    console.log(`  main thread at 4x, ms: ${JSON.stringify(kinds)}`);
    console.log(`  most time of their own, ms: ${JSON.stringify(selfTime)}`);
    console.log(`  long tasks [start, ms]: ${JSON.stringify(result.longTasks)}`);
  }
}

await main();
