// Page throughput of a running site against nginx serving the very same bytes as static files (decision 041's
// table): the ratio says what the page cache costs over a static server, whatever the machine's speed at the time.
// Used by bench/pages/run.ts and bench/publish-under-load/run.ts.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export type ThroughputOptions = { nginxPort: number; connections: number; seconds: number };

async function load(url: string, { connections, seconds }: ThroughputOptions) {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** nginx serving each page's HTML as a static file, on `port`, until stopped. */
async function startNginx(pages: Record<string, string>, port: number) {
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
  const nginx = spawn('nginx', ['-c', path.join(root, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
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
      next: Awaited<ReturnType<typeof load>>;
      nginx: Awaited<ReturnType<typeof load>>;
      ratioToNginx: number;
    }
  > = {};
  const nginx = await startNginx(html, options.nginxPort);
  try {
    for (const [name, pagePath] of Object.entries(pages)) {
      const next = await load(`${baseUrl}${pagePath}`, options);
      const staticFile = await load(nginx.url(name), options);
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
