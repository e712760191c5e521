// Page throughput of a running site against nginx serving the very same bytes as static files (decision 041's
// table): the ratio says what the page cache costs over a static server, whatever the machine's speed at the time.
// Used by bench/pages/run.ts, bench/publish-under-load/run.ts and bench/pipeline/against-nginx.ts.
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readerTemplates } from '../../tests/support/reader-templates';

export type ThroughputOptions = {
  nginxPort: number;
  connections: number;
  seconds: number;
  /** CPUs nginx runs on (`taskset -c`), e.g. the site's own, so that both serve from the same core. */
  nginxCpus?: string;
};

/** The CPUs this process (the load generator) may run on, as `taskset -c` set them: recorded with the figures. */
export const generatorCpus =
  /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 'unknown';

/** wrk's figure with its unit (`842.24us`, `19.10ms`, `1.02s`) in milliseconds. */
function milliseconds(figure: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(figure);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

/** What `wrk --latency` printed: requests a second, latency percentiles, non-2xx answers and socket errors. */
export function parseWrk(output: string) {
  const percentile = (name: string) =>
    milliseconds(new RegExp(`^\\s*${name}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  if (!Number.isFinite(requestsPerSecond)) throw new Error(`wrk: sortie illisible\n${output}`);
  return {
    requestsPerSecond: Math.round(requestsPerSecond),
    latencyMs: { p50: percentile('50'), p90: percentile('90'), p99: percentile('99') },
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    timeouts: errors ? Number(errors[4]) : 0,
  };
}

/**
 * `connections` clients asking `url` for `seconds`, with wrk: a generator in C that a 100 KB page does not slow
 * (autocannon, in Node, spent its whole core parsing such answers and capped nginx at 1,700 a second, where nginx
 * serves 26,000: the ratio it gave was the generator's, not the server's). One wrk thread per CPU this process may
 * use: `taskset -c 1` on the bench gives the generator a core of its own.
 */
export async function wrk(
  url: string,
  {
    connections,
    seconds,
    headers = {},
  }: { connections: number; seconds: number; headers?: Record<string, string> },
) {
  const threads = Math.min(availableParallelism(), connections);
  const headerArguments = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await promisify(execFile)('wrk', [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...headerArguments,
    url,
  ]);
  return parseWrk(stdout);
}

/** nginx serving each page's HTML as a static file, on `port`, until stopped. */
async function startNginx(pages: Record<string, string>, port: number, cpus?: string) {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-pages-'));
  // nginx's workers run as an unprivileged user: a private temp folder would answer 403 to every request.
  await chmod(root, 0o755);
  for (const [name, html] of Object.entries(pages)) await writeFile(path.join(root, `${name}.html`), html);
  const config = `worker_processes 1;
pid ${root}/nginx.pid;
error_log ${root}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 100000;
  types { text/html html; }
  server { listen 127.0.0.1:${port}; root ${root}; }
}
`;
  await writeFile(path.join(root, 'nginx.conf'), config);
  const command = ['nginx', '-c', path.join(root, 'nginx.conf'), '-g', 'daemon off;'];
  // taskset execs nginx: the child's PID is nginx's own, which stop() signals.
  const [program, ...args] = cpus ? ['taskset', '-c', cpus, ...command] : command;
  const nginx = spawn(program as string, args, { stdio: 'inherit' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    url: (name: string) => `http://127.0.0.1:${port}/${name}.html`,
    async stop() {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx.once('exit', resolve));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The exact bytes each page answers once its caches are warm (asked twice, the second answer kept). */
export async function pageBytes(baseUrl: string, pages: Record<string, string>) {
  const html: Record<string, string> = {};
  for (const [name, pagePath] of Object.entries(pages)) {
    await fetch(`${baseUrl}${pagePath}`).then((response) => response.arrayBuffer());
    html[name] = await (await fetch(`${baseUrl}${pagePath}`)).text();
  }
  return html;
}

/** Requests per second of each page from the site and from nginx serving the same bytes, one after the other. */
export async function measureThroughput(
  baseUrl: string,
  pages: Record<string, string>,
  html: Record<string, string>,
  options: ThroughputOptions,
) {
  const throughput: Record<
    string,
    {
      path: string;
      bytes: number;
      next: Awaited<ReturnType<typeof wrk>>;
      nginx: Awaited<ReturnType<typeof wrk>>;
      ratioToNginx: number;
    }
  > = {};
  const nginx = await startNginx(html, options.nginxPort, options.nginxCpus);
  try {
    for (const [name, pagePath] of Object.entries(pages)) {
      const next = await wrk(`${baseUrl}${pagePath}`, options);
      const staticFile = await wrk(nginx.url(name), options);
      // A baseline that did not serve the page is no baseline: refuse to record it.
      if (staticFile.non2xx > 0 || next.non2xx > 0) {
        throw new Error(
          `${name}: ${next.non2xx} non-2xx answers from the site, ${staticFile.non2xx} from nginx`,
        );
      }
      throughput[name] = {
        path: pagePath,
        bytes: Buffer.byteLength(html[name] ?? ''),
        next,
        nginx: staticFile,
        ratioToNginx: Math.round((next.requestsPerSecond / staticFile.requestsPerSecond) * 1000) / 1000,
      };
      console.log(name, next.requestsPerSecond, 'req/s; nginx', staticFile.requestsPerSecond);
    }
  } finally {
    await nginx.stop();
  }
  return throughput;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

type Sample = Awaited<ReturnType<typeof measureThroughput>>;

/**
 * Each server's throughput on its home, a topic and a plain article (tests/support/reader-templates.ts) against
 * nginx serving its own bytes, in `rounds` rounds that take the servers in turn,
 * the order reversed every other round (the machine's pace drifts: alternating spreads it over both); per page,
 * the median ratio of the rounds and every sample.
 */
export async function throughputRounds(
  servers: readonly { label: string; url: string }[],
  rounds: number,
  options: ThroughputOptions,
) {
  const measuredPages = new Map<string, { pages: Record<string, string>; bytes: Record<string, string> }>();
  for (const server of servers) {
    const templates = await readerTemplates(server.url);
    const pages = { home: templates.home, topic: templates.topic, article: templates.article };
    measuredPages.set(server.label, { pages, bytes: await pageBytes(server.url, pages) });
  }
  const samples = new Map<string, Sample[]>(servers.map((server) => [server.label, []]));
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 === 1 ? servers : [...servers].reverse();
    for (const server of order) {
      const { pages, bytes } = measuredPages.get(server.label) ?? { pages: {}, bytes: {} };
      console.log(`Débit contre nginx, tour ${round}/${rounds} : ${server.label}`);
      samples.get(server.label)?.push(await measureThroughput(server.url, pages, bytes, options));
    }
  }
  return new Map(
    [...samples].map(([label, taken]) => {
      const names = Object.keys(taken[0] ?? {});
      return [
        label,
        Object.fromEntries(
          names.map((name) => {
            const figures = taken.map((sample) => sample[name]).filter((page) => page !== undefined);
            return [
              name,
              {
                path: figures[0]?.path,
                bytes: figures[0]?.bytes,
                ratioToNginx: median(figures.map((page) => page.ratioToNginx)),
                samples: figures.map((page) => ({
                  ratioToNginx: page.ratioToNginx,
                  requestsPerSecond: page.next.requestsPerSecond,
                  nginxRequestsPerSecond: page.nginx.requestsPerSecond,
                  p99Ms: page.next.latencyMs.p99,
                  nginxP99Ms: page.nginx.latencyMs.p99,
                })),
              },
            ];
          }),
        ),
      ];
    }),
  );
}
