// One Lighthouse run as the page benches take it: mobile, default simulated throttling, on /usr/bin/chromium.
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Lighthouse's JSON report of `url` (the caller says which of its parts it reads). */
export async function lighthouseReport<Report>(url: string): Promise<Report> {
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
    return JSON.parse(await readFile(out, 'utf8')) as Report;
  } finally {
    await rm(out, { force: true });
  }
}
