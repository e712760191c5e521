// Runs `npm run seed` (scripts/seed.ts, with --reset) against DATABASE_URL, then records the elapsed time, the
// time of each step, the generator's CPU time, the row counts, the database size and the machine in
// bench/results/seed-<date>.json.
// Started by bench/seed/run.sh, which provides a throwaway PostgreSQL server.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    articles: { type: 'string' },
    documents: { type: 'string' },
    today: { type: 'string' },
    settings: { type: 'string', default: '' },
    'data-dir': { type: 'string' },
  },
});
const url = process.env.DATABASE_URL;
if (!url || !values.articles || !values.documents || !values.today) {
  console.error('Usage : DATABASE_URL=… measure.ts --articles N --documents N --today AAAA-MM-JJ');
  process.exit(1);
}

const TABLES = [
  'topics',
  'trades',
  'jobs',
  'articles',
  'article_sections',
  'daily_issues',
  'daily_issue_articles',
  'banners',
  'shop_products',
  'product_mappings',
  'memento_codes',
  'solutions',
  'white_papers',
  'subscriber_documents',
];

/**
 * CPU seconds used by the server's finished backends (the postmaster's reaped children), read from /proc: unlike
 * the elapsed time, it hardly depends on what else the shared machine is doing. Null when unavailable.
 */
async function serverCpuSeconds(): Promise<number | null> {
  const dataDir = values['data-dir'];
  if (!dataDir) return null;
  try {
    const pid = (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]?.trim();
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: cutime and cstime are the 16th and 17th fields of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return (Number(fields[13]) + Number(fields[14])) / ticks;
  } catch {
    return null;
  }
}

/** Runs the seed command, echoing its output, and returns its step lines ("  Articles : 3 000 en 2,7 s"). */
function runSeed(): Promise<{ steps: Record<string, number>; cpuSeconds: number | null }> {
  const args = [
    '--conditions=react-server',
    '--import',
    'tsx',
    'scripts/seed.ts',
    '--articles',
    values.articles ?? '',
    '--documents',
    values.documents ?? '',
    '--today',
    values.today ?? '',
    '--reset',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(path.join('node_modules', '.bin', 'node'), args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const steps: Record<string, number> = {};
    let cpuSeconds: number | null = null;
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      buffer += chunk.toString('utf8');
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const step = /^ {2}(\S+) : [\d\s  ]+ en ([\d,]+) s$/.exec(line);
        if (step?.[1] && step[2]) steps[step[1]] = Number(step[2].replace(',', '.'));
        const cpu = /temps processeur du générateur : ([\d,]+) s/.exec(line);
        if (cpu?.[1]) cpuSeconds = Number(cpu[1].replace(',', '.'));
        newline = buffer.indexOf('\n');
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`npm run seed a échoué (code ${code})`));
        return;
      }
      resolve({ steps, cpuSeconds });
    });
  });
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const serverCpuBefore = await serverCpuSeconds();
  const started = performance.now();
  const { steps, cpuSeconds } = await runSeed();
  const elapsedSeconds = (performance.now() - started) / 1000;
  const loadAfter = os.loadavg();
  // Leaves the postmaster time to reap the seed's backend, whose CPU time then counts among its children's.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const serverCpuAfter = await serverCpuSeconds();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const result = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    counts[table] = Number(result.rows[0]?.n ?? 0);
  }
  const size = await client.query<{ size: string }>('select pg_database_size(current_database()) as size');
  const version = await client.query<{ version: string }>(
    "select current_setting('server_version') as version",
  );
  await client.end();

  const now = new Date();
  const date = now.toISOString().slice(0, 10);
  const result = {
    benchmark: 'seed',
    command: `npm run seed -- --articles ${values.articles} --documents ${values.documents} --today ${values.today} --reset`,
    date: now.toISOString(),
    database: {
      driver: 'postgres',
      version: version.rows[0]?.version,
      settings: values.settings,
      sizeBytes: Number(size.rows[0]?.size ?? 0),
    },
    elapsedSeconds: Math.round(elapsedSeconds * 10) / 10,
    stepSeconds: steps,
    // CPU time of the generator process (the JavaScript side); the rest of the elapsed time is PostgreSQL's work.
    generatorCpuSeconds: cpuSeconds,
    // CPU time of the PostgreSQL backend that wrote the data (computing search vectors, building indexes).
    databaseCpuSeconds:
      serverCpuBefore === null || serverCpuAfter === null
        ? null
        : Math.round((serverCpuAfter - serverCpuBefore) * 10) / 10,
    counts,
    rowsPerSecond: Math.round(Object.values(counts).reduce((sum, n) => sum + n, 0) / elapsedSeconds),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      // The machine is shared: a high load average means other work competed for the cores.
      loadAverageBefore: loadBefore.map((load) => Math.round(load * 100) / 100),
      loadAverageAfter: loadAfter.map((load) => Math.round(load * 100) / 100),
    },
  };
  const target = path.join('bench', 'results', `seed-${date}.json`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Résultat écrit dans ${target}`);
}

await main();
