// npm test: every test layer in order, stopping at the first failing one (docs/TESTING.md).
//
//   1. unit                     vitest project `unit`
//   2. integration (PGlite)     vitest project `integration-pglite`
//   3. integration (PostgreSQL) vitest project `integration-postgres` (throwaway cluster; skipped with a notice when
//                               the server binaries are missing, an error with CI=true)
//   4. end-to-end               scripts/e2e.ts (build, seed, server, Chromium)
//
// Ends with one line `N passed, N failed[, N skipped]`, counted from each runner's JSON report, and exits non-zero
// when a step failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  findPostgresBinaries,
  POSTGRES_MISSING_NOTICE,
  POSTGRES_REQUIRED_ERROR,
  postgresRunRequired,
} from '../tests/support/postgres-binaries';

const root = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(root, 'test-results');
const VITEST = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const TSX_ARGS = ['--conditions=react-server', '--import', 'tsx'];

type Step = {
  name: string;
  /** Arguments to this Node (the pinned one), before the reporter options. */
  args: string[];
  /** Why the step does not run here, if it does not. */
  skip?: string;
  /** Why the step cannot run although it must, if so. */
  error?: string;
};

type Counts = { passed: number; failed: number; skipped: number };

function reporterArgs(report: string): string[] {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
}

function postgresStep(): Pick<Step, 'skip' | 'error'> {
  if (findPostgresBinaries() || process.env.TEST_DATABASE_URL) return {};
  return postgresRunRequired() ? { error: POSTGRES_REQUIRED_ERROR } : { skip: POSTGRES_MISSING_NOTICE };
}

const steps: Step[] = [
  { name: 'unit', args: [VITEST, 'run', '--project', 'unit'] },
  { name: 'integration (PGlite)', args: [VITEST, 'run', '--project', 'integration-pglite'] },
  {
    name: 'integration (PostgreSQL)',
    args: [VITEST, 'run', '--project', 'integration-postgres'],
    ...postgresStep(),
  },
  { name: 'end-to-end', args: [...TSX_ARGS, path.join(root, 'scripts', 'e2e.ts')] },
];

function run(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Test counts of a Vitest JSON report (Jest's format), or undefined when the runner wrote none. */
function readCounts(report: string): Counts | undefined {
  if (!existsSync(report)) return undefined;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests?: number;
      numFailedTests?: number;
      numPendingTests?: number;
      numTodoTests?: number;
    };
    return {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    };
  } catch {
    return undefined;
  }
}

function banner(text: string): void {
  console.log(`\n━━━ ${text} ${'━'.repeat(Math.max(0, 100 - text.length))}`);
}

function summaryLine(total: Counts): string {
  const line = `${total.passed} passed, ${total.failed} failed`;
  return total.skipped > 0 ? `${line}, ${total.skipped} skipped` : line;
}

async function main(): Promise<number> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
  let exitCode = 0;
  const started = Date.now();

  for (const [index, step] of steps.entries()) {
    const title = `${index + 1}/${steps.length} ${step.name}`;
    if (step.skip) {
      banner(`${title}: SKIPPED`);
      console.log(step.skip);
      lines.push(`  ${step.name}: skipped (${step.skip.split(':')[0]})`);
      continue;
    }
    banner(title);
    if (step.error) {
      console.error(step.error);
      total.failed += 1;
      lines.push(`  ${step.name}: cannot run`);
      exitCode = 1;
      break;
    }
    const report = path.join(RESULTS_DIR, `vitest-${step.name.replace(/\W+/g, '-').replace(/-$/, '')}.json`);
    rmSync(report, { force: true });
    const stepStarted = Date.now();
    const code = await run([...step.args, ...reporterArgs(report)]);
    const counts = readCounts(report) ?? { passed: 0, failed: 0, skipped: 0 };
    // A runner that failed without a failed test (a crash, a broken setup, no test found) still counts as a failure.
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    const took = `${((Date.now() - stepStarted) / 1000).toFixed(1)} s`;
    lines.push(`  ${step.name}: ${summaryLine(counts)} (${took})${code === 0 ? '' : `, exit code ${code}`}`);
    if (code !== 0) {
      exitCode = code;
      const rest = steps.slice(index + 1).map((s) => s.name);
      if (rest.length > 0) lines.push(`  not run after this failure: ${rest.join(', ')}`);
      break;
    }
  }

  banner(`summary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  for (const line of lines) console.log(line);
  console.log(summaryLine(total));
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
