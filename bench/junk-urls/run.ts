// Disk growth under made-up URLs (issue 17, item 2), not a timed test. Against a running production server:
//
//   JUNK_BASE_URL=http://127.0.0.1:3601 JUNK_DATA_DIR=/tmp/data JUNK_DIST_DIR=.next JUNK_LABEL=ops \
//     node --conditions=react-server --import tsx bench/junk-urls/run.ts
//
// Sends JUNK_COUNT (10,000) random URLs of the shapes a crawler or an attacker can invent without end (unknown
// thematics under every topic of /actualite, /chiffres-taux and /simulateurs; unknown article ids; unknown trades
// and random query values on the home and search pages) and measures how much the data folder (PGlite) and the
// build folder (Next's ISR cache) grew. Goal: less than 1 MB. Result: bench/results/junk-urls-<label>-<date>.json.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { NEWS_TOPICS } from '@/lib/constants';

const BASE_URL = (process.env.JUNK_BASE_URL ?? 'http://127.0.0.1:3601').replace(/\/+$/, '');
const DATA_DIR = process.env.JUNK_DATA_DIR;
const DIST_DIR = process.env.JUNK_DIST_DIR ?? '.next';
const COUNT = Number(process.env.JUNK_COUNT ?? 10_000);
const CONCURRENCY = Number(process.env.JUNK_CONCURRENCY ?? 16);
const LABEL = process.env.JUNK_LABEL ?? 'run';
const GOAL_BYTES = 1024 * 1024;
if (!DATA_DIR) throw new Error('JUNK_DATA_DIR: the data folder of the server under test');

const word = () => randomBytes(6).toString('hex');
const topic = () => NEWS_TOPICS[Math.floor(Math.random() * NEWS_TOPICS.length)] ?? 'fiscal';
const SHAPES: Record<string, () => string> = {
  'unknown thematics': () => `/actualite/${topic()}/${word()}_${word()}`,
  'unknown article id': () => `/actualite/${word()}_${word()}`,
  'unknown rates thematics': () => `/chiffres-taux/${topic()}/${word()}`,
  'unknown simulator thematics': () => `/simulateurs/fiscal/${word()}`,
  'unknown trade': () => `/?metier=${word()}`,
  'random search parameter': () => `/search?term=tva&utm_${word()}=${word()}`,
};
const shapes = Object.entries(SHAPES);

function bytesOf(folder: string): number {
  return Number(execFileSync('du', ['-sb', folder], { encoding: 'utf8' }).split('\t')[0]);
}

function filesOf(folder: string): number {
  return Number(execFileSync('sh', ['-c', `find "${folder}" -type f | wc -l`], { encoding: 'utf8' }).trim());
}

async function main(): Promise<void> {
  const folders = { data: path.resolve(DATA_DIR as string), build: path.resolve(DIST_DIR) };
  const before = {
    data: bytesOf(folders.data),
    build: bytesOf(folders.build),
    buildFiles: filesOf(folders.build),
  };
  const statuses: Record<string, Record<string, number>> = {};
  let sent = 0;
  const started = Date.now();
  async function worker(): Promise<void> {
    while (sent < COUNT) {
      const index = sent;
      sent += 1;
      const [shape, make] = shapes[index % shapes.length] as [string, () => string];
      let status = 'error';
      try {
        const response = await fetch(`${BASE_URL}${make()}`, { redirect: 'manual' });
        await response.arrayBuffer();
        status = String(response.status);
      } catch {
        // Counted as an error below.
      }
      statuses[shape] ??= {};
      const counts = statuses[shape] as Record<string, number>;
      counts[status] = (counts[status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  const seconds = (Date.now() - started) / 1000;
  // Let writes in flight (ISR files, PGlite's WAL) land before measuring.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const after = {
    data: bytesOf(folders.data),
    build: bytesOf(folders.build),
    buildFiles: filesOf(folders.build),
  };
  const growth = after.data - before.data + (after.build - before.build);
  const record = {
    benchmark: 'junk-urls',
    label: LABEL,
    command: `JUNK_BASE_URL=${BASE_URL} JUNK_DATA_DIR=${DATA_DIR} JUNK_DIST_DIR=${DIST_DIR} JUNK_LABEL=${LABEL} node --conditions=react-server --import tsx bench/junk-urls/run.ts`,
    date: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
    loadAverage: loadavg(),
    requests: COUNT,
    concurrency: CONCURRENCY,
    seconds,
    statuses,
    bytes: { before, after, growth },
    goalBytes: GOAL_BYTES,
    met: growth < GOAL_BYTES,
  };
  const file = path.join('bench/results', `junk-urls-${LABEL}-${record.date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify(record, null, 2));
  console.log(`written to ${file}`);
}

await main();
