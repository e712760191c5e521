// Compiles the server entry and the command-line scripts into dist/*.mjs, which `npm start`, `npm run seed` and the
// others run with plain Node: production needs neither tsx nor TypeScript. Run by `npm run build`, and before each
// of those scripts (their `pre` hook) with --if-stale, which compiles only when dist is missing or older than the
// sources. Plain JavaScript, so that it runs before anything is compiled; esbuild is loaded only to compile.
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
/** Written last: its date is the build's, and its absence means an unfinished one. */
const stamp = path.join(dist, '.built');
const ENTRIES = [
  'start',
  'serve',
  'seed',
  'import',
  'backup',
  'restore',
  'newsletter-send',
  'db-to-postgres',
  'references-reindex',
];
// Packages stay external: the lock file does not change dist (and `npm prune` rewrites it).
const INPUTS = ['src', 'scripts', 'tsconfig.json'];

/** Code and configuration, not the shell scripts or documents beside them. */
const SOURCE = /\.(ts|tsx|mjs|json)$/;

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return SOURCE.test(target) ? stats.mtimeMs : 0;
  let newest = 0;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  return newest;
}

function isStale() {
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return INPUTS.some((input) => newestModification(path.join(root, input)) > builtAt);
}

async function loadEsbuild() {
  try {
    return await import('esbuild');
  } catch {
    console.error(
      'dist/ est absent ou plus ancien que les sources, et esbuild manque (installation sans dépendances de développement) : lancez `npm run build` avant `npm prune --omit=dev`.',
    );
    process.exit(1);
  }
}

if (!process.argv.includes('--if-stale') || isStale()) {
  const esbuild = await loadEsbuild();
  // The chunks' names change with their content: old ones would pile up.
  rmSync(dist, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES.map((name) => ({ in: `scripts/${name}.ts`, out: name })),
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Our code (with the @/ alias of tsconfig.json) is bundled; packages stay in node_modules, loaded by Node under
    // the react-server condition that the scripts run with ('server-only' resolves to an empty module there).
    packages: 'external',
    conditions: ['react-server'],
    logLevel: 'warning',
  });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
