// PGlite durability, traced (issue 17, item 1): the system calls around one INSERT, and the cost of a commit, on
// stock PGlite (as the app opened it before) and through openDurablePglite (src/server/db/durable-pglite.ts).
//
//   node --conditions=react-server --import tsx bench/durability/run.ts
//
// Needs strace. Result: bench/results/pglite-durability-<date>.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const INSERTS = Number(process.env.DURABILITY_INSERTS ?? 300);
const work = mkdtempSync(path.join(tmpdir(), 'pglite-durability-'));

/** A child that opens a data directory one way or the other, marks the INSERT with writes to stdout. */
const CHILD = `
import { writeSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { openDurablePglite } from ${JSON.stringify(path.join(root, 'src/server/db/durable-pglite.ts'))};
const [dir, mode, count] = process.argv.slice(2);
const db = mode === 'stock' ? await PGlite.create(dir) : await openDurablePglite(dir);
await db.exec('create table if not exists t (id serial primary key, v text)');
writeSync(1, 'before-insert\\n');
await db.query("insert into t (v) values ('x')");
writeSync(1, 'after-insert\\n');
const started = performance.now();
for (let i = 0; i < Number(count); i++) await db.query("insert into t (v) values ('x')");
writeSync(1, 'ms-per-insert ' + ((performance.now() - started) / Number(count)).toFixed(3) + '\\n');
await db.close();
`;

function trace(mode: 'stock' | 'durable') {
  const script = path.join(root, 'node_modules', `.durability-${mode}.mts`);
  writeFileSync(script, CHILD);
  const log = path.join(work, `${mode}.strace`);
  const output = execFileSync(
    'strace',
    ['-f', '-qq', '-o', log, '-e', 'trace=write,pwrite64,fsync,fdatasync', process.execPath].concat([
      '--conditions=react-server',
      '--import',
      'tsx',
      script,
      path.join(work, mode),
      mode,
      '0',
    ]),
    { cwd: root, encoding: 'utf8' },
  );
  rmSync(script);
  const lines = readFileSync(log, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.includes('"before-insert\\n"'));
  const end = lines.findIndex((line) => line.includes('"after-insert\\n"'));
  const during = lines.slice(start + 1, end);
  const count = (pattern: RegExp) => during.filter((line) => pattern.test(line)).length;
  return {
    output: output.trim(),
    aroundOneInsert: {
      pwrite64: count(/pwrite64\(/),
      fsync: count(/\bfsync\(/),
      fdatasync: count(/fdatasync\(/),
      calls: during.map((line) => line.replace(/^\d+\s+/, '').slice(0, 80)),
    },
  };
}

function timing(mode: 'stock' | 'durable'): number {
  const script = path.join(root, 'node_modules', `.durability-${mode}.mts`);
  writeFileSync(script, CHILD);
  const output = execFileSync(
    process.execPath,
    [
      '--conditions=react-server',
      '--import',
      'tsx',
      script,
      path.join(work, `${mode}-timing`),
      mode,
      String(INSERTS),
    ],
    { cwd: root, encoding: 'utf8' },
  );
  rmSync(script);
  return Number(/ms-per-insert ([\d.]+)/.exec(output)?.[1]);
}

try {
  const result = {
    benchmark: 'pglite-durability',
    command: 'node --conditions=react-server --import tsx bench/durability/run.ts',
    date: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
    loadAverage: loadavg(),
    stock: { ...trace('stock'), msPerSingleRowCommit: timing('stock') },
    durable: { ...trace('durable'), msPerSingleRowCommit: timing('durable') },
    inserts: INSERTS,
  };
  const out = path.join(root, 'bench/results', `pglite-durability-${result.date.slice(0, 10)}.json`);
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(work, { recursive: true, force: true });
}
