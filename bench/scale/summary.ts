// Per-phase figures of bench/scale result files, one block per file (what docs/SCALING.md's tables are made of):
//
//   node --import tsx bench/scale/summary.ts bench/results/scale-2026-11-27-restart-run*.json
//
// For each phase: requests, requests/s, p50 / p90 / p99, failures, the load average, the CPU seconds; per class,
// the classes with a failure (5xx, timeout, socket error), all of them for the mixed load; for the rolling restart
// and kill -9, the stops and nginx's retries and errors per class (`edge`, with SCALE_ACCESS_LOG=1).
import { readFileSync } from 'node:fs';

type Latency = Record<string, number | undefined>;
type ClassSummary = {
  answers: number;
  latencyMs: Latency;
  statuses: Record<string, number>;
  timeouts?: number;
  socketErrors?: number;
};
type EdgeClass = {
  answers: number;
  upstreamStatus?: Record<string, number>;
  nginxMs: Latency;
  appMs?: Latency;
};
type Phase = {
  requests: number;
  requestsPerSecond: number;
  latencyMs: Latency;
  failed: Record<string, number>;
  loadAverage?: { start: number[]; end: number[] };
  cpuSeconds?: { ours: Record<string, number>; everythingElse: number; machineBusyCpuSeconds: number };
  byClass?: Record<string, ClassSummary>;
  edge?: Record<string, EdgeClass>;
  steps?: Record<string, number>[];
  fullServiceAfterMs?: number;
  cachedPageProbe?: unknown;
  writeProbe?: unknown;
};

const PHASES = [
  'mixedLoadColdStart',
  'mixedLoadBaselineNginx',
  'mixedLoadBaselineApps',
  'mixedLoad',
  'mixedLoadOpenLoop',
  'rollingRestart',
  'killOneInstance',
  'postgresRestart',
] as const;
const round = (value: number | undefined) => (value === undefined ? '-' : String(Math.round(value)));
const latency = (l: Latency) => `${round(l.p50)} / ${round(l.p90)} / ${round(l.p99)} (max ${round(l.max)})`;

for (const file of process.argv.slice(2)) {
  const result = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  console.log(
    `== ${file} (${result.commit}), load ${result.loadAverageAtStart} -> ${result.loadAverageAtEnd}`,
  );
  const cached = result.cachedPagesAgainstStaticFiles as Record<string, { ratio: number }> | undefined;
  if (cached)
    console.log(
      `cached pages / static files: ${Object.entries(cached)
        .map(([name, page]) => `${name} ${page.ratio}`)
        .join(', ')}`,
    );
  for (const name of PHASES) {
    const phase = result[name] as Phase | undefined;
    if (!phase) continue;
    console.log(
      `${name}: ${phase.requests} requests, ${phase.requestsPerSecond} req/s, p50 / p90 / p99 ${latency(phase.latencyMs)} ms, failed ${JSON.stringify(phase.failed)}, load ${phase.loadAverage?.start[0]} -> ${phase.loadAverage?.end[0]}`,
    );
    if (phase.cpuSeconds)
      console.log(
        `  CPU s: ${JSON.stringify(phase.cpuSeconds.ours)}, everything else ${phase.cpuSeconds.everythingElse}, machine busy ${phase.cpuSeconds.machineBusyCpuSeconds}`,
      );
    const everyClass = name.startsWith('mixedLoad') && name !== 'mixedLoadColdStart';
    for (const [label, entry] of Object.entries(phase.byClass ?? {})) {
      const failed =
        Object.entries(entry.statuses).some(([status]) => Number(status) >= 500) ||
        entry.timeouts !== undefined ||
        entry.socketErrors !== undefined;
      if (!everyClass && !failed) continue;
      const extra = `${entry.timeouts ? `, ${entry.timeouts} timeouts` : ''}${entry.socketErrors ? `, ${entry.socketErrors} socket errors` : ''}`;
      console.log(
        `  ${label}: ${entry.answers}, ${latency(entry.latencyMs)} ms, ${JSON.stringify(entry.statuses)}${extra}`,
      );
    }
    if (phase.steps) console.log(`  steps: ${JSON.stringify(phase.steps)}`);
    if (phase.fullServiceAfterMs !== undefined)
      console.log(`  full service after ${phase.fullServiceAfterMs} ms`);
    if (phase.cachedPageProbe) console.log(`  cached page probe: ${JSON.stringify(phase.cachedPageProbe)}`);
    if (phase.writeProbe) console.log(`  write probe: ${JSON.stringify(phase.writeProbe)}`);
    if (name !== 'rollingRestart' && name !== 'killOneInstance') continue;
    for (const [label, entry] of Object.entries(phase.edge ?? {})) {
      // nginx's retries ("502, 200": the first instance refused or closed, the other answered) and errors.
      const unusual = Object.entries(entry.upstreamStatus ?? {}).filter(([status]) => status.includes(','));
      if (unusual.length === 0 && !/ 5\d\d$/.test(label)) continue;
      console.log(
        `  nginx ${label}: ${entry.answers}, retried ${JSON.stringify(Object.fromEntries(unusual))}, nginx ${latency(entry.nginxMs)} ms`,
      );
    }
  }
}
