import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The repository: the nearest folder with a package.json, from scripts/lib or from the compiled dist/. */
function findRoot(folder: string): string {
  return existsSync(path.join(folder, 'package.json')) ? folder : findRoot(path.dirname(folder));
}
const root = findRoot(import.meta.dirname);
const BUILD_ID = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
/**
 * What the production build is made from: a change to any of these makes the build stale. Not the lock file:
 * `npm prune --omit=dev` rewrites it after the build (same content); a version change shows in package.json.
 */
const BUILD_INPUTS = ['src', 'public', 'next.config.ts', 'package.json', 'tsconfig.json'];

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

/** True when there is no production build or a source changed after it was made. */
function buildIsStale(): boolean {
  if (!existsSync(BUILD_ID)) return true;
  const builtAt = statSync(BUILD_ID).mtimeMs;
  return BUILD_INPUTS.some((input) => newestModification(path.join(root, input)) > builtAt);
}

/** The Next.js command line, run with this process's Node (the pinned Node 24). */
function runNext(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
  // Telemetry would try to reach the network, which these machines do not have.
  return spawn(process.execPath, [nextBin, ...args], {
    cwd: root,
    env: { NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: 'inherit',
  });
}

/**
 * The site's server (serve: our request steps, then Next's handler) beside the running script and in its form:
 * dist/serve.mjs from the compiled dist/start.mjs, scripts/serve.ts (through tsx) from scripts/start.ts; with
 * this process's Node and flags (the react-server condition, and tsx's loader when it is there).
 */
export function runServer(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const entry = process.argv[1] ?? '';
  const server = path.join(path.dirname(entry), `serve${path.extname(entry)}`);
  return spawn(process.execPath, [...process.execArgv, server, ...args], {
    cwd: root,
    env: { NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: 'inherit',
  });
}

/** A build under way: `finished` resolves once it succeeded; `stop` ends it (when the start fails meanwhile). */
export interface Build {
  finished: Promise<void>;
  stop: () => void;
}

/** Starts building the app when the build is missing or stale; null when it is up to date. */
export function startBuildIfNeeded(): Build | null {
  if (!buildIsStale()) return null;
  console.log('Construction du site (next build)…');
  const build = runNext(['build']);
  const finished = new Promise<void>((resolve, reject) =>
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`La construction du site a échoué (code ${code}).`)),
    ),
  );
  return { finished, stop: () => build.kill('SIGTERM') };
}

/** Builds the app when the build is missing or stale; resolves once the build succeeded. */
export async function buildIfNeeded(): Promise<void> {
  await startBuildIfNeeded()?.finished;
}
