// Cached pages of running servers (a build before a change and one after) against nginx serving each server's own
// bytes (decision 041's table), in the same run: THROUGHPUT_ROUNDS rounds taking the servers in turn, the order
// reversed every other round, THROUGHPUT_SECONDS per page and server, then as long for nginx.
// Where the load generator shares the server's cores, one build's rounds moved by up to 36 % (docs/SCALING.md):
// to read a few per cent, give the servers and nginx one core and the generator the other, e.g.
//
//   taskset -c 0 env … npm start                       # each server, its own DATA_DIR and port
//   flock -o /tmp/bench.lock taskset -c 1 env THROUGHPUT_TARGETS=before=http://127.0.0.1:4601,after=http://127.0.0.1:4602 \
//     THROUGHPUT_NGINX_CPUS=0 THROUGHPUT_SECONDS=60 THROUGHPUT_OUT=bench/results/throughput-against-nginx-<date>.json \
//     node --conditions=react-server --import tsx bench/pipeline/against-nginx.ts
//
// The pages are the home, a topic and a plain article (tests/support/reader-templates.ts), asked of each server.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { generatorCpus, throughputRounds } from '../pages/static-throughput';

const TARGETS = (process.env.THROUGHPUT_TARGETS ?? '').split(',').map((pair) => {
  const [label, url] = pair.split('=');
  if (!label || !url) throw new Error(`THROUGHPUT_TARGETS : « ${pair} » n'est pas label=adresse`);
  return { label, url: url.replace(/\/+$/, '') };
});
const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 60);
const ROUNDS = Number(process.env.THROUGHPUT_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.THROUGHPUT_CONNECTIONS ?? 32);
const NGINX_PORT = Number(process.env.THROUGHPUT_NGINX_PORT ?? 4650);
const NGINX_CPUS = process.env.THROUGHPUT_NGINX_CPUS || undefined;
const OUT = process.env.THROUGHPUT_OUT;

const loadAverage = () => loadavg().map((value) => Number(value.toFixed(2)));

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const loadAtStart = loadAverage();
  const byServer = await throughputRounds(TARGETS, ROUNDS, {
    nginxPort: NGINX_PORT,
    connections: CONNECTIONS,
    seconds: SECONDS,
    nginxCpus: NGINX_CPUS,
  });
  const [first] = TARGETS;
  const firstFigures = first ? byServer.get(first.label) : undefined;
  // Each later target's median ratio against the first's, per page: 0.95 is a 5 % loss.
  const againstFirst = Object.fromEntries(
    TARGETS.slice(1).map((target) => [
      target.label,
      Object.fromEntries(
        Object.entries(byServer.get(target.label) ?? {}).map(([page, figures]) => [
          page,
          Number((figures.ratioToNginx / (firstFigures?.[page]?.ratioToNginx ?? Number.NaN)).toFixed(3)),
        ]),
      ),
    ]),
  );
  console.table(againstFirst);
  const result = {
    benchmark: 'cached pages against nginx serving each server’s own bytes',
    date: started,
    command: `flock -o /tmp/bench.lock taskset -c ${generatorCpus} env THROUGHPUT_TARGETS=${TARGETS.map((target) => `${target.label}=${target.url}`).join(',')}${NGINX_CPUS ? ` THROUGHPUT_NGINX_CPUS=${NGINX_CPUS}` : ''} THROUGHPUT_SECONDS=${SECONDS} THROUGHPUT_ROUNDS=${ROUNDS} THROUGHPUT_CONNECTIONS=${CONNECTIONS} node --conditions=react-server --import tsx bench/pipeline/against-nginx.ts`,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
    loadAverage: { start: loadAtStart, end: loadAverage() },
    againstFirst,
    servers: Object.fromEntries(byServer),
  };
  if (OUT) writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
}

await main();
