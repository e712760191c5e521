// A diagnosis for issue 16 (not a timed test): what Lighthouse's simulation (lantern) put in the first and largest
// paints of one saved run, each request and main-thread task with its simulated start and end (ms), the last one
// ending being the metric. From a folder written by `lighthouse <url> -GA` (artifacts, trace, devtools log):
//
//   node --import tsx bench/pages/lantern-graph.ts ./latest-run
//
// A request is in a paint's graph when it ended before that paint on the unthrottled page, unless it is a script
// whose evaluation started after the paint in a task of 10 ms or more (shorter tasks are pruned from the graph,
// so a script evaluated after the paint in a short task still counts: docs/SCALING.md, 2026-11-28, morning).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lighthouseFolder } from './lighthouse';

type GraphNode = {
  type: 'network' | 'cpu';
  request?: { resourceType: string; priority: string; transferSize: number; url: string };
  startTime: number;
  endTime: number;
  childEvents?: { name: string }[];
};
type Estimate = { timeInMs: number; nodeTimings: Map<GraphNode, { startTime: number; endTime: number }> };
type Metric = {
  request(
    data: Record<string, unknown>,
    context: Record<string, unknown>,
  ): Promise<{ timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }>;
};

const folder = process.argv[2] ?? 'latest-run';
const read = (file: string) => JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
const metrics = pathToFileURL(path.join(lighthouseFolder(), 'core', 'computed', 'metrics')).href;
const { LanternFirstContentfulPaint } = (await import(`${metrics}/lantern-first-contentful-paint.js`)) as {
  LanternFirstContentfulPaint: Metric;
};
const { LanternLargestContentfulPaint } = (await import(
  `${metrics}/lantern-largest-contentful-paint.js`
)) as {
  LanternLargestContentfulPaint: Metric;
};
const artifacts = read('artifacts.json');
const data = {
  trace: read('trace.json'),
  devtoolsLog: read('devtoolslog.json'),
  gatherContext: artifacts.GatherContext,
  settings: artifacts.settings,
  simulator: null,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  HostDPR: artifacts.HostDPR,
};
const context = { computedCache: new Map(), settings: artifacts.settings };
const SHOWN_TASKS = ['ParseHTML', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'Paint', 'FunctionCall'];

for (const [name, metric] of [
  ['first contentful paint', LanternFirstContentfulPaint],
  ['largest contentful paint', LanternLargestContentfulPaint],
] as const) {
  const result = await metric.request(data, context);
  console.log(`== ${name}: ${Math.round(result.timing)} ms`);
  for (const [half, estimate] of [
    ['optimistic', result.optimisticEstimate],
    ['pessimistic', result.pessimisticEstimate],
  ] as const) {
    console.log(`-- ${half}: ${Math.round(estimate.timeInMs)} ms`);
    const timings = [...estimate.nodeTimings.entries()].sort(([, a], [, b]) => a.endTime - b.endTime);
    for (const [node, timing] of timings) {
      const what = node.request
        ? `${node.request.resourceType} ${node.request.priority} ${node.request.transferSize} B ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80)}`
        : `task of ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms observed: ${[...new Set((node.childEvents ?? []).map((event) => event.name).filter((event) => SHOWN_TASKS.includes(event)))].join(', ')}`;
      console.log(
        `${String(Math.round(timing.startTime)).padStart(6)} → ${String(Math.round(timing.endTime)).padStart(6)}  ${what}`,
      );
    }
  }
}
