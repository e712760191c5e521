// Page throughput of two running servers (a branch and `main`), alternating, in the same run: each round asks each
// path of PIPELINE_PATHS of one server then the other (the order swapped every round), PIPELINE_SECONDS each with
// wrk (gzip asked), after one warm-up request. Run under the benchmark lock, the generator on a core of its own
// (`taskset -c 1`; the servers started under `taskset -c 0`):
//
//   flock -o /tmp/bench.lock taskset -c 1 env PIPELINE_BRANCH_URL=http://127.0.0.1:3251 PIPELINE_MAIN_URL=http://127.0.0.1:3252 \
//     PIPELINE_OUT=bench/results/pipeline-throughput-<date>.json node --conditions=react-server --import tsx bench/pipeline/throughput.ts
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { generatorCpus, wrk } from '../pages/static-throughput';

const servers = {
  branch: process.env.PIPELINE_BRANCH_URL ?? 'http://127.0.0.1:3251',
  main: process.env.PIPELINE_MAIN_URL ?? 'http://127.0.0.1:3252',
};
const PATHS = (
  process.env.PIPELINE_PATHS ?? '/,/actualite,/actualite/fiscal,/api/issue,/api/health/live'
).split(',');
const SECONDS = Number(process.env.PIPELINE_SECONDS ?? 10);
const ROUNDS = Number(process.env.PIPELINE_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.PIPELINE_CONNECTIONS ?? 16);
const OUT = process.env.PIPELINE_OUT;

type Name = keyof typeof servers;

async function measure(url: string) {
  const result = await wrk(url, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { 'accept-encoding': 'gzip' },
  });
  return {
    requestsPerSecond: result.requestsPerSecond,
    p99Ms: result.latencyMs.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const runs: { round: number; path: string; server: Name; requestsPerSecond: number; p99Ms: number }[] = [];
  const loadAtStart = loadavg();
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: Name[] = round % 2 === 0 ? ['branch', 'main'] : ['main', 'branch'];
    for (const path of PATHS) {
      for (const server of order) {
        const url = `${servers[server]}${path}`;
        await fetch(url).then((response) => response.arrayBuffer());
        const figures = await measure(url);
        runs.push({ round, path, server, ...figures });
        console.log(
          `round ${round} ${server} ${path}: ${figures.requestsPerSecond} req/s, p99 ${figures.p99Ms} ms`,
        );
      }
    }
  }
  const summary = Object.fromEntries(
    PATHS.map((path) => {
      const mean = (server: Name) => {
        const values = runs.filter((run) => run.path === path && run.server === server);
        return Math.round(values.reduce((sum, run) => sum + run.requestsPerSecond, 0) / values.length);
      };
      const branch = mean('branch');
      const main = mean('main');
      return [path, { branch, main, ratio: Number((branch / main).toFixed(3)) }];
    }),
  );
  console.table(summary);
  const result = {
    date: new Date().toISOString(),
    command: `flock -o /tmp/bench.lock taskset -c ${generatorCpus} env PIPELINE_BRANCH_URL=${servers.branch} PIPELINE_MAIN_URL=${servers.main} PIPELINE_PATHS=${PATHS.join(',')} PIPELINE_SECONDS=${SECONDS} PIPELINE_ROUNDS=${ROUNDS} PIPELINE_CONNECTIONS=${CONNECTIONS} node --conditions=react-server --import tsx bench/pipeline/throughput.ts`,
    loadAverage: { start: loadAtStart, end: loadavg() },
    summary,
    runs,
  };
  if (OUT) writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
}

await main();
