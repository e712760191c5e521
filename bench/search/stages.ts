/**
 * Where one search's time goes (not a timed test): every statement of search() timed in the client (PGlite's, or
 * on PostgreSQL with DATABASE_URL the pool's connections),
 * (the 25th percentile of STAGES_ROUNDS runs, robust to a shared machine's load), then with STAGES_EXPLAIN=1
 * EXPLAIN ANALYZE of the longest statement; STAGES_DUMP=<file> writes the last round's statements (SQL, parameters,
 * times) as JSON, to run them again one by one. DATA_DIR=… STAGES_TERMS='impôt,succession,impôt|matiere=Fiscal' node
 * --conditions=react-server --import tsx bench/search/stages.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { closeDatabase, getDatabase } from '../../src/server/db/client';
import { search as ownSearch } from '../../src/server/search/engine';
import { batchSearchCounts } from '../../src/server/search/query-counts';

type Call = { sql: string; params: unknown[] | undefined; ms: number; started: number };
let calls: Call[] = [];
const timed =
  (run: (query: string, params?: unknown[], options?: unknown) => Promise<unknown>) =>
  async (query: string, params?: unknown[], options?: unknown) => {
    const start = performance.now();
    try {
      return await run(query, params, options);
    } finally {
      calls.push({ sql: query, params, ms: performance.now() - start, started: start });
    }
  };
const proto = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
const query = proto.query as (query: string, params?: unknown[], options?: unknown) => Promise<unknown>;
proto.query = function (this: PGlite, q: unknown, p: unknown, o: unknown) {
  return timed(query.bind(this))(q as string, p as unknown[], o);
} as never;
type Tx = { query: typeof query };
const transaction = proto.transaction as (callback: (tx: Tx) => Promise<unknown>) => Promise<unknown>;
proto.transaction = function (this: PGlite, callback: unknown) {
  return transaction.call(this, (tx: Tx) =>
    (callback as (tx: unknown) => Promise<unknown>)(
      Object.create(tx, { query: { value: timed(tx.query.bind(tx)) } }),
    ),
  );
} as never;

// On PostgreSQL (DATABASE_URL), every statement goes through a pool client's query (a callback from the pool's
// own query, a promise in a transaction): both are timed from the call to the answer.
type ClientQuery = (...args: unknown[]) => unknown;
const clientQuery = pg.Client.prototype.query as unknown as ClientQuery;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text?: string } | undefined;
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined;
  const start = performance.now();
  const done = () => calls.push({ sql: text, params: values, ms: performance.now() - start, started: start });
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...answer: unknown[]) => {
      done();
      return (callback as (...a: unknown[]) => unknown)(...answer);
    };
    return clientQuery.apply(this, args);
  }
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise) result.then(done, done);
  return result;
} as never;

// STAGES_ENGINE=<another checkout>: that checkout's engine, on this process's database.
const engine = process.env.STAGES_ENGINE;
const search = engine
  ? ((await import(path.resolve(engine, 'src/server/search/engine.ts'))) as { search: typeof ownSearch })
      .search
  : ownSearch;
const terms = (process.env.STAGES_TERMS ?? 'impôt,succession,licenciement,taux').split(',');
const rounds = Number(process.env.STAGES_ROUNDS ?? 20);
const { db } = await getDatabase();
batchSearchCounts(async () => db);
// A term may carry selected facets: 'impôt|matiere=Fiscal|date_zapette=2023'.
const params = (spec: string) => {
  const [term = '', ...facets] = spec.split('|');
  const selected: Record<string, string[]> = {};
  for (const facet of facets) {
    const [name = '', value = ''] = facet.split('=');
    selected[name] = [...(selected[name] ?? []), value];
  }
  return { term, page: 1, urType: 'tous' as const, selected, sort: 'pertinence' as const };
};
for (const term of terms) {
  await search(db, params(term));
  const perStatement = new Map<string, number[]>();
  const totals: number[] = [];
  let last: Call[] = [];
  for (let round = 0; round < rounds; round += 1) {
    calls = [];
    const start = performance.now();
    await search(db, params(term));
    totals.push(performance.now() - start);
    calls.forEach((call, index) => {
      const key = `${index} ${call.sql.replace(/\s+/g, ' ').slice(0, 90)}`;
      perStatement.set(key, [...(perStatement.get(key) ?? []), call.ms]);
    });
    last = calls;
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 4)] ?? 0;
  console.log(
    `\n== ${term}: search ${median(totals).toFixed(1)} ms (p25 of ${rounds}), ${last.length} statements`,
  );
  let sum = 0;
  for (const [key, values] of perStatement) {
    sum += median(values);
    console.log(`${median(values).toFixed(1).padStart(7)} ms  ${key}`);
  }
  console.log(
    `${sum.toFixed(1).padStart(7)} ms  in statements; outside ${(median(totals) - sum).toFixed(1)} ms`,
  );
  // The last round's statements in the order they were sent, from the search's start: which ran side by side.
  const first = Math.min(...last.map((call) => call.started));
  console.log('last round, from its first statement (start → end ms):');
  for (const call of [...last].sort((a, b) => a.started - b.started))
    console.log(
      `${(call.started - first).toFixed(1).padStart(7)} → ${(call.started - first + call.ms).toFixed(1).padStart(5)}  ${call.sql.replace(/\s+/g, ' ').slice(0, 90)}`,
    );
  if (process.env.STAGES_DUMP) writeFileSync(process.env.STAGES_DUMP, JSON.stringify(last, null, 1));
  if (process.env.STAGES_EXPLAIN) {
    const main = last.reduce((a, b) => (b.ms > a.ms ? b : a));
    const pool = (db as unknown as { $client: PGlite | pg.Pool }).$client;
    // One connection for the settings and the statement (a pool's next query may take another).
    const client = (pool instanceof pg.Pool ? await pool.connect() : pool) as unknown as {
      query(text: string, params?: unknown[]): Promise<unknown>;
      release?: () => void;
    };
    // One setting a statement: PGlite's query is an extended-protocol statement, which holds only one.
    for (const setting of [
      'set enable_indexscan = off',
      'set jit = off',
      `set max_parallel_workers_per_gather = ${process.env.STAGES_PARALLEL ?? 0}`,
    ])
      await client.query(setting);
    const plan = (await client.query(`explain (analyze, buffers, costs off) ${main.sql}`, main.params)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    for (const setting of ['enable_indexscan', 'jit', 'max_parallel_workers_per_gather'])
      await client.query(`reset ${setting}`);
    client.release?.();
  }
}
await closeDatabase();
process.exit(0);
