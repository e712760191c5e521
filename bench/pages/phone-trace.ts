// What a phone's main thread spends on scripts while a reader page loads (bench/pages/run.ts, part `phone`).
//
// Chromium (Playwright, /usr/bin/chromium) opens the page as Lighthouse's phone (412 x 823, 1.75x) with its CPU
// four times slower (CDP `Emulation.setCPUThrottlingRate`), unthrottled network, under a trace from before the
// navigation until the page is idle: React has hydrated (the frame's hydration event), the load event is past the
// loader's 3 s fallback, and no long task (50 ms or more) has run for IDLE_MS. A page without the site's frame (the
// framework's floor, bench/pages/floor) is not waited for to hydrate: `{ hydration: false }`. The trace's main-thread tasks are
// rebuilt with Lighthouse's own code (tracehouse), and their self times summed by group: script evaluation
// (evaluations, function calls, event handlers, timers, microtasks) and script parsing and compilation, on the
// page's renderer main thread, each moment counted once.
//
// A slowdown is relative to the machine, and this one's speed changes from day to day (a shared virtual machine:
// the same empty Next.js page cost 341 ms one day and 1,100 the next). Each trace therefore first measures the
// browser's speed unthrottled with Lighthouse's own benchmark (`benchmarkIndex`, as Lighthouse reports it under
// "CPU/Memory Power"): Lighthouse's 4x is meant for a desktop of 1,500 to 2,000, which it makes a phone of about a
// quarter of that; runs of different days compare only at a like index.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { HYDRATED_EVENT } from '../../src/lib/hydration';
import { CHROMIUM, lighthouseFolder } from './lighthouse';

/** The page counts as idle once no long task has run for this long (Lighthouse's TTI takes 5 s of quiet). */
const IDLE_MS = 5000;
/** Past this, the trace stops whatever the page does, and the run says so (`reachedIdle: false`). */
const MAX_WAIT_MS = 45_000;
/** The loader's fallback: the scripts start at the latest this long after it ran (scripts-after-paint.ts). */
const LOADER_FALLBACK_MS = 3000;
const CPU_SLOWDOWN = 4;
/** Lighthouse's trace categories that main-thread tasks are built from. */
const CATEGORIES = [
  '-*',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
];

type TaskNode = {
  selfTime: number;
  startTime: number;
  endTime: number;
  parent?: TaskNode;
  attributableURLs: string[];
  group: { id: string };
};
type TraceProcessorModule = {
  TraceProcessor: {
    processTrace(trace: unknown): {
      mainThreadEvents: unknown[];
      frames: unknown[];
      timestamps: { timeOrigin: number; traceEnd: number };
    };
  };
};
type MainThreadTasksModule = {
  MainThreadTasks: {
    getMainThreadTasks(events: unknown[], frames: unknown[], end: number, origin: number): TaskNode[];
  };
};

type PageFunctionsModule = { pageFunctions: { computeBenchmarkIndex: () => number } };

const SCRIPT_GROUPS = new Set(['scriptEvaluation', 'scriptParseCompile']);

export type PhoneScriptTime = {
  /** Script evaluation plus parsing and compilation, ms at 4x, from the navigation to idle. */
  scriptMs: number;
  evaluationMs: number;
  parseCompileMs: number;
  /** Every main-thread task's self time in the same window, ms. */
  mainThreadMs: number;
  /** Long tasks (50 ms or more at 4x) and their length beyond 50 ms summed, ms. */
  longTasks: number;
  blockingMs: number;
  loadMs: number;
  hydratedMs: number | null;
  /** When the window ended, ms after the navigation, and whether the page was idle by then. */
  windowMs: number;
  reachedIdle: boolean;
  /** The machine's speed just before the trace, unthrottled: Lighthouse's benchmark index (see the file's head). */
  benchmarkIndex: number;
  /** The scripts the most script time is attributed to (same-origin path), ms. */
  byScript: Record<string, number>;
};

const round = (ms: number) => Math.round(ms);

/** The page's script time at 4x, from its navigation to idle (see the file's head). */
export async function phoneScriptTime(
  url: string,
  { hydration = true }: { hydration?: boolean } = {},
): Promise<PhoneScriptTime> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
    await page.addInitScript((hydratedEvent) => {
      const state = { lastLongTaskEnd: 0, hydrated: null as number | null };
      Object.assign(window, { __phone: state });
      addEventListener(hydratedEvent, () => {
        state.hydrated = performance.now();
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          state.lastLongTaskEnd = Math.max(state.lastLongTaskEnd, entry.startTime + entry.duration);
        }
      }).observe({ type: 'longtask', buffered: true });
    }, HYDRATED_EVENT);
    const benchmarkIndex = await machineBenchmarkIndex(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
    await page.goto(url, { waitUntil: 'load' });
    const idle = await page
      .waitForFunction(
        ({ idleMs, fallbackMs, hydration }) => {
          const state = (
            window as unknown as { __phone: { lastLongTaskEnd: number; hydrated: number | null } }
          ).__phone;
          const now = performance.now();
          const loaded = performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd ?? now;
          return (
            (state.hydrated !== null || !hydration) &&
            now - loaded >= fallbackMs &&
            now - state.lastLongTaskEnd >= idleMs
          );
        },
        { idleMs: IDLE_MS, fallbackMs: LOADER_FALLBACK_MS, hydration },
        { timeout: MAX_WAIT_MS, polling: 250 },
      )
      .then(() => true)
      .catch(() => false);
    const timings = await page.evaluate(() => ({
      now: performance.now(),
      load: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd ?? 0,
      hydrated: (window as unknown as { __phone: { hydrated: number | null } }).__phone.hydrated,
    }));
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    const tasks = await mainThreadTasks(trace);
    const origin = new URL(url).origin;
    const totals = { scriptEvaluation: 0, scriptParseCompile: 0, all: 0 };
    const byScript = new Map<string, number>();
    let longTasks = 0;
    let blockingMs = 0;
    for (const task of tasks) {
      totals.all += task.selfTime;
      if (!task.parent && task.endTime - task.startTime >= 50) {
        longTasks += 1;
        blockingMs += task.endTime - task.startTime - 50;
      }
      if (!SCRIPT_GROUPS.has(task.group.id)) continue;
      totals[task.group.id as 'scriptEvaluation' | 'scriptParseCompile'] += task.selfTime;
      const script = task.attributableURLs[0] ?? '(none)';
      const name = script.startsWith(origin) ? new URL(script).pathname : script || '(inline)';
      byScript.set(name, (byScript.get(name) ?? 0) + task.selfTime);
    }
    return {
      scriptMs: round(totals.scriptEvaluation + totals.scriptParseCompile),
      evaluationMs: round(totals.scriptEvaluation),
      parseCompileMs: round(totals.scriptParseCompile),
      mainThreadMs: round(totals.all),
      longTasks,
      blockingMs: round(blockingMs),
      loadMs: round(timings.load),
      hydratedMs: timings.hydrated === null ? null : round(timings.hydrated),
      windowMs: round(timings.now),
      reachedIdle: idle,
      benchmarkIndex,
      byScript: Object.fromEntries(
        [...byScript]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([name, ms]) => [name.replace(/^\/_next\/static\/chunks\//, ''), round(ms)]),
      ),
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's benchmark index, computed by its own page function in `page` (blank, unthrottled: about 1 s). */
async function machineBenchmarkIndex(page: Page): Promise<number> {
  const { pageFunctions } = (await import(
    pathToFileURL(path.join(lighthouseFolder(), 'core', 'lib', 'page-functions.js')).href
  )) as unknown as PageFunctionsModule;
  return Math.round(await page.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
}

/** The page's main-thread tasks, rebuilt from the trace by Lighthouse's tracehouse. */
async function mainThreadTasks(trace: unknown): Promise<TaskNode[]> {
  const tracehouse = path.join(lighthouseFolder(), 'core', 'lib', 'tracehouse');
  const { TraceProcessor } = (await import(
    pathToFileURL(path.join(tracehouse, 'trace-processor.js')).href
  )) as unknown as TraceProcessorModule;
  const { MainThreadTasks } = (await import(
    pathToFileURL(path.join(tracehouse, 'main-thread-tasks.js')).href
  )) as unknown as MainThreadTasksModule;
  const processed = TraceProcessor.processTrace(trace);
  return MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  );
}
