/**
 * One heavy search must not stall the server (issue 15 item 6). Against a running, seeded production server:
 * LIVENESS_CLIENTS (4) clients send a search of about 30 unknown words in a loop for LIVENESS_SECONDS (60) while a
 * probe asks /api/health/live every 50 ms; reports the probe's latency (target p99 < 100 ms) and what the searches
 * got (statuses, latency). LIVENESS_VARY=1 makes every search a new text (no shared answer, no page cache: the
 * engine's own bound); the server then needs SEARCH_RATE_LIMIT_PER_MINUTE high enough not to refuse them, or the
 * 429s are what is measured. Before the clients start, the probe runs alone for LIVENESS_IDLE_SECONDS (20): the
 * same-run baseline of the probe on this machine at this load. Since 2026-11-27 the server answers the liveness probe in
 * its HTTP hook, before Next.js; a second probe asks LIVENESS_NEXT_PATH (/api/health/ready: a route handler of
 * Next.js that pings the database) at the same pace, for what a request through Next.js waits meanwhile. Writes
 * bench/results/search-liveness-<label>.json.
 *
 *   LIVENESS_BASE_URL=http://127.0.0.1:3410 LIVENESS_LABEL=after-pglite \
 *     node --conditions=react-server --import tsx bench/search/liveness.ts
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BASE_URL = (process.env.LIVENESS_BASE_URL ?? 'http://127.0.0.1:3410').replace(/\/+$/, '');
const LABEL = process.env.LIVENESS_LABEL ?? 'run';
const SECONDS = Number(process.env.LIVENESS_SECONDS ?? 60);
const CLIENTS = Number(process.env.LIVENESS_CLIENTS ?? 4);
const VARY = process.env.LIVENESS_VARY === '1';
const IDLE_SECONDS = Number(process.env.LIVENESS_IDLE_SECONDS ?? 20);
const PROBE_EVERY_MS = 50;
const NEXT_PATH = process.env.LIVENESS_NEXT_PATH ?? '/api/health/ready';

/** About 30 words no dictionary holds (the case: each was corrected, then searched again). */
function heavyTerm(seed: number): string {
  return Array.from({ length: 30 }, (_, index) => `zorglub${(seed * 31 + index).toString(36)}quix`).join(' ');
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return { ms: performance.now() - start, status: response.status };
  } catch {
    return { ms: performance.now() - start, status: 0 };
  }
}

const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);

/** Probes `probePath` (/api/health/live) every PROBE_EVERY_MS until `until`. */
async function probe(until: number, probePath = '/api/health/live') {
  const probes: number[] = [];
  const statuses: Record<string, number> = {};
  while (Date.now() < until) {
    const { ms, status } = await timed(`${BASE_URL}${probePath}`);
    probes.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return { ...summary(probes), statuses };
}

async function main() {
  const loadAverageAtStart = loadAverage();
  const startedAt = new Date().toISOString();
  const idleUntil = Date.now() + IDLE_SECONDS * 1000;
  const [idle, nextIdle] = await Promise.all([probe(idleUntil), probe(idleUntil, NEXT_PATH)]);
  const loadAverageUnderSearches = loadAverage();
  const until = Date.now() + SECONDS * 1000;
  const searches: number[] = [];
  const statuses: Record<string, number> = {};
  let sequence = 0;
  const client = async () => {
    while (Date.now() < until) {
      sequence += 1;
      const term = heavyTerm(VARY ? sequence : 0);
      const { ms, status } = await timed(`${BASE_URL}/search?term=${encodeURIComponent(term)}`);
      searches.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const [liveness, nextProbe] = await Promise.all([
    probe(until),
    probe(until, NEXT_PATH),
    ...Array.from({ length: CLIENTS }, client),
  ]);
  const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  const report = {
    benchmark: 'search-liveness',
    label: LABEL,
    date: startedAt,
    commit,
    command: `LIVENESS_BASE_URL=${BASE_URL} LIVENESS_LABEL=${LABEL} LIVENESS_SECONDS=${SECONDS} LIVENESS_CLIENTS=${CLIENTS} LIVENESS_IDLE_SECONDS=${IDLE_SECONDS}${VARY ? ' LIVENESS_VARY=1' : ''} node --conditions=react-server --import tsx bench/search/liveness.ts`,
    machine: {
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
      loadAverageAtStart,
      /** When the clients started, after the idle probe. */
      loadAverageUnderSearches,
      loadAverageAtEnd: loadAverage(),
    },
    method: `/api/health/live and ${NEXT_PATH} probed alone every ${PROBE_EVERY_MS} ms for ${IDLE_SECONDS} s (livenessIdle and throughNextIdle, the baselines), then ${CLIENTS} clients GET /search?term=<30 unknown words>${VARY ? ' (a new text each time)' : ' (the same text)'} in a loop for ${SECONDS} s, following redirects; both probed every ${PROBE_EVERY_MS} ms meanwhile; milliseconds.`,
    livenessIdle: idle,
    liveness,
    throughNext: { path: NEXT_PATH, idle: nextIdle, underSearches: nextProbe },
    searches: { ...summary(searches), statuses },
  };
  const file = path.resolve(import.meta.dirname, '../results', `search-liveness-${LABEL}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    JSON.stringify(
      {
        livenessIdle: idle,
        liveness: report.liveness,
        throughNext: report.throughNext,
        searches: report.searches,
      },
      null,
      2,
    ),
  );
  console.log(`written ${file}`);
}

await main();
