import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { waitUntil } from './wait-until';

/**
 * Debian's nginx running a site file of ours (deploy/nginx.conf, or another to compare with) on loopback: the
 * file's two app addresses (127.0.0.1:3001 and :3002), its cache folder and its `listen 80` are rewritten; the
 * rest is the file as shipped. Used by bench/scale/run.ts and tests/integration/edge-nginx.test.ts.
 */
export type Nginx = { url: string; staticRoot: string; accessLog: string | undefined; process: ChildProcess };

export type NginxOptions = {
  apps: [number, number];
  edge: number;
  /** A second server answering the files of `staticRoot` (`/x` serves `x.html`) on this port. */
  staticPort?: number;
  /**
   * Log each request's times, cache status and upstream statuses, fields apart with `|` (`$msec|$request_method|…`;
   * a request nginx sent to both instances lists two upstream times and statuses, with commas and spaces).
   */
  accessLog?: boolean;
};

export async function startNginx(prefix: string, siteFile: string, options: NginxOptions): Promise<Nginx> {
  // nginx's workers drop root for `nobody`: they must be able to walk into the folder and write its cache.
  const staticRoot = path.join(prefix, 'static');
  for (const folder of [
    prefix,
    staticRoot,
    ...['cache', 'proxy-temp', 'body-temp'].map((name) => path.join(prefix, name)),
  ]) {
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
  }
  const accessLog = options.accessLog ? path.join(prefix, 'access.log') : undefined;
  const site = readFileSync(siteFile, 'utf8')
    .replaceAll('/var/cache/nginx/la-quotidienne', path.join(prefix, 'cache'))
    .replaceAll('127.0.0.1:3001', `127.0.0.1:${options.apps[0]}`)
    .replaceAll('127.0.0.1:3002', `127.0.0.1:${options.apps[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${options.edge};`)
    .replace('listen [::]:80;', '');
  writeFileSync(path.join(prefix, 'site.conf'), site);
  const staticServer =
    options.staticPort === undefined
      ? ''
      : `# The same bytes as static files: what nginx does without the app, the proxy cache or the nonce rewrite.
  server { listen 127.0.0.1:${options.staticPort}; root ${staticRoot}; location / { try_files $uri.html =404; } }`;
  const logging = accessLog
    ? `log_format timing '$msec|$request_method|$request_uri|$status|$request_time|$upstream_response_time|$upstream_cache_status|$upstream_status';
  access_log ${accessLog} timing buffer=256k flush=1s;`
    : 'access_log off;';
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 2;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  ${logging}
  proxy_temp_path ${prefix}/proxy-temp;
  client_body_temp_path ${prefix}/body-temp;
  default_type text/html;
  include ${prefix}/site.conf;
  ${staticServer}
}
`,
  );
  execFileSync('nginx', ['-t', '-q', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: 'inherit',
  });
  const child = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${options.edge}`;
  await listening(url, child);
  return { url, staticRoot, accessLog, process: child };
}

/** Resolves once nginx accepts connections (any answer), fails if it exits first or after 10 s. */
async function listening(url: string, child: ChildProcess): Promise<void> {
  await waitUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`nginx s'est arrêté (code ${child.exitCode})`);
      return fetch(`${url}/metrics`).then(
        () => true,
        () => false,
      );
    },
    { timeoutMs: 10_000, intervalMs: 50, message: `nginx ne répond pas sur ${url}` },
  );
}
