/**
 * Searches under load (not a timed test): THROUGHPUT_CLIENTS (4: two instances of SEARCH_CONCURRENCY 2) in-process
 * clients run the benchmark's queries (queries.ts) in a loop for THROUGHPUT_SECONDS (15), this checkout's engine and
 * BENCH_BASELINE's (another checkout with node_modules) alternating THROUGHPUT_ROUNDS (3) times on the same
 * database; answers not shared, as in run.ts. Reports searches per second and latency per engine and round, and
 * writes bench/results/<BENCH_OUTPUT>.
 *
 *   DATABASE_URL=postgres://… BENCH_BASELINE=/tmp/main BENCH_OUTPUT=search-throughput-x.json \
 *     node --conditions=react-server --import tsx bench/search/throughput.ts
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEARCH_SORTS } from '../../src/lib/contracts/search';
import { closeDatabase, getDatabase } from '../../src/server/db/client';
import { search } from '../../src/server/search/engine';
import { batchSearchCounts } from '../../src/server/search/query-counts';
import { UR_TYPES } from '../../src/server/search/types';
import { QUERIES } from './queries';

const BASELINE = process.env.BENCH_BASELINE;
if (!BASELINE) throw new Error('BENCH_BASELINE: the checkout to compare with');
const CLIENTS = Number(process.env.THROUGHPUT_CLIENTS ?? 4);
const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 15);
const ROUNDS = Number(process.env.THROUGHPUT_ROUNDS ?? 3);
const OUTPUT = process.env.BENCH_OUTPUT ?? 'search-throughput.json';

const baseline = (await import(path.resolve(BASELINE, 'src/server/search/engine.ts'))) as {
  search: typeof search;
};
const { db } = await getDatabase();
// Searches are counted in memory, as in the server (not one write each).
batchSearchCounts(async () => db);

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

async function measure(engine: typeof search) {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const query = QUERIES[next++ % QUERIES.length];
        if (!query) break;
        const start = performance.now();
        await engine(db, {
          term: query.term,
          page: 1,
          urType: query.urType ?? UR_TYPES.all,
          selected: query.selected ?? {},
          sort: SEARCH_SORTS.relevance,
        });
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    searches: latencies.length,
    perSecond: Math.round((latencies.length / SECONDS) * 10) / 10,
    p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
    p95: Math.round(percentile(latencies, 0.95) * 10) / 10,
  };
}

// A warm-up pass of each engine, then the rounds alternating which goes first.
await measure(search);
await measure(baseline.search);
const rounds: { round: number; engine: string; load: number; result: Awaited<ReturnType<typeof measure>> }[] =
  [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const order =
    round % 2 === 1
      ? ([
          ['this', search],
          ['baseline', baseline.search],
        ] as const)
      : ([
          ['baseline', baseline.search],
          ['this', search],
        ] as const);
  for (const [engine, run] of order) {
    const result = await measure(run);
    rounds.push({ round, engine, load: os.loadavg()[0] ?? 0, result });
    console.log(round, engine, JSON.stringify(result));
  }
}
const file = path.resolve(import.meta.dirname, '../results', OUTPUT);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      benchmark: 'search throughput',
      date: new Date().toISOString(),
      baseline: BASELINE,
      method: `${CLIENTS} in-process clients, the ${QUERIES.length} benchmark queries in turn, ${SECONDS} s per engine and round, ${ROUNDS} rounds alternating which engine goes first, after a warm-up pass of each; answers not shared`,
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
      rounds,
    },
    null,
    2,
  )}\n`,
);
console.log(`written ${file}`);
await closeDatabase();
process.exit(0);
