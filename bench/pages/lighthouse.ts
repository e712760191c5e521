// One Lighthouse run as the page benches take it: mobile, default simulated throttling, on /usr/bin/chromium.
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The parts of Lighthouse's JSON report the page benches read; `Item` is the shape of an audit's detail rows. */
export type LighthouseReport<Item = Record<string, unknown>> = {
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
      'node_modules/lighthouse/cli/index.js',
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
