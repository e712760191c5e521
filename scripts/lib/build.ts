import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const BUILD_ID = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
/** What the production build is made from: a change to any of these makes the build stale. */
const BUILD_INPUTS = [
  'src',
  'public',
  'next.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

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
 * The site's server (scripts/serve.ts: our request steps, then Next's handler) with this process's Node, loaded
 * as every script of ours is (TypeScript through tsx, the server's modules under the react-server condition).
 */
export function runServer(args: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts/serve.ts'), ...args],
    { cwd: root, env: { NEXT_TELEMETRY_DISABLED: '1', ...env }, stdio: 'inherit' },
  );
}

/** Builds the app when the build is missing or stale; resolves once the build succeeded. */
export async function buildIfNeeded(): Promise<void> {
  if (!buildIsStale()) return;
  console.log('Construction du site (next build)…');
  const build = runNext(['build']);
  const code = await new Promise<number | null>((resolve) => build.on('exit', resolve));
  if (code !== 0) throw new Error(`La construction du site a échoué (code ${code}).`);
}
