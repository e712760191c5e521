// One Lighthouse run as the page benches take it: mobile, default simulated throttling, on /usr/bin/chromium.
// Lighthouse is this bench's own dependency (bench/pages/package.json, `npm ci --prefix bench/pages`): with its
// trace engine, error reporter and Puppeteer it is about 90 packages that neither the site nor its tests need.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Lighthouse's folder, installed beside this bench; stops with the command that installs it when it is missing. */
export function lighthouseFolder(): string {
  const folder = path.join(import.meta.dirname, 'node_modules', 'lighthouse');
  if (!existsSync(folder)) {
    throw new Error(
      'Lighthouse is not installed for the page bench: run `npm ci --prefix bench/pages` first.',
    );
  }
  return folder;
}

/** The parts of Lighthouse's JSON report the page benches read; `Item` is the shape of an audit's detail rows. */
export type LighthouseReport<Item = Record<string, unknown>> = {
  /** `benchmarkIndex`: the machine's speed as Lighthouse measured it before the run (see phone-trace.ts). */
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: Item[]; debugData?: { urls?: string[]; tasks?: Record<string, number>[] } };
    }
  >;
};

/** Lighthouse's JSON report of `url`. */
export async function lighthouseReport<Item = Record<string, unknown>>(
  url: string,
): Promise<LighthouseReport<Item>> {
  const out = path.join(tmpdir(), `lighthouse-${process.pid}-${Date.now()}.json`);
  await run(
    'node',
    [
      path.join(lighthouseFolder(), 'cli', 'index.js'),
      url,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--form-factor=mobile',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  try {
    return JSON.parse(await readFile(out, 'utf8')) as LighthouseReport<Item>;
  } finally {
    await rm(out, { force: true });
  }
}
