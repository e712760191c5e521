// npm test: every test layer in order, stopping at the first failing one (docs/TESTING.md).
//
//   1. unit                     vitest project `unit`
//   2. integration (PGlite)     vitest project `integration-pglite`
//   3. integration (PostgreSQL) vitest project `integration-postgres` (throwaway cluster; skipped with a notice when
//                               the server binaries are missing, an error with CI=true)
//   4. end-to-end               Playwright (playwright.config.ts: build, seed, server, Chromium)
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
const PLAYWRIGHT = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');

type Step = {
  name: string;
  /** Arguments to this Node (the pinned one). */
  args: string[];
  /** Which runner writes the step's JSON report. */
  runner: 'vitest' | 'playwright';
  /** Why the step does not run here, if it does not. */
  skip?: string;
  /** Why the step cannot run although it must, if so. */
  error?: string;
};

type Counts = { passed: number; failed: number; skipped: number };

/** How a step's runner is told to write its JSON report: arguments and environment. */
function reportOptions(step: Step, report: string): { args: string[]; env: Record<string, string> } {
  if (step.runner === 'playwright') return { args: [], env: { E2E_JSON_REPORT: report } };
  return { args: ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env: {} };
}

function postgresStep(): Pick<Step, 'skip' | 'error'> {
  if (findPostgresBinaries() || process.env.TEST_DATABASE_URL) return {};
  return postgresRunRequired() ? { error: POSTGRES_REQUIRED_ERROR } : { skip: POSTGRES_MISSING_NOTICE };
}

const steps: Step[] = [
  { name: 'unit', runner: 'vitest', args: [VITEST, 'run', '--project', 'unit'] },
  {
    name: 'integration (PGlite)',
    runner: 'vitest',
    args: [VITEST, 'run', '--project', 'integration-pglite'],
  },
  {
    name: 'integration (PostgreSQL)',
    runner: 'vitest',
    args: [VITEST, 'run', '--project', 'integration-postgres'],
    ...postgresStep(),
  },
  // The react-server condition lets specs import server modules (the same as `npm run test:e2e`).
  { name: 'end-to-end', runner: 'playwright', args: ['--conditions=react-server', PLAYWRIGHT, 'test'] },
];

function run(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
};
/** Playwright's JSON report: `flaky` passed on a retry, `unexpected` failed. */
type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
};

/** Test counts of a step's JSON report, or undefined when the runner wrote none. */
function readCounts(step: Step, report: string): Counts | undefined {
  if (!existsSync(report)) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(report, 'utf8'));
    if (step.runner === 'playwright') {
      const stats = (parsed as PlaywrightReport).stats ?? {};
      return {
        passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
        failed: stats.unexpected ?? 0,
        skipped: stats.skipped ?? 0,
      };
    }
    const json = parsed as VitestReport;
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
    const report = path.join(
      RESULTS_DIR,
      `${step.runner}-${step.name.replace(/\W+/g, '-').replace(/-$/, '')}.json`,
    );
    rmSync(report, { force: true });
    const stepStarted = Date.now();
    const options = reportOptions(step, report);
    const code = await run([...step.args, ...options.args], options.env);
    const counts = readCounts(step, report) ?? { passed: 0, failed: 0, skipped: 0 };
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
