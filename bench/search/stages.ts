/**
 * Where one search's time goes on PGlite (not a timed test): every statement of search() timed in the client,
 * (the 25th percentile of STAGES_ROUNDS runs, robust to a shared machine's load), then with STAGES_EXPLAIN=1
 * EXPLAIN ANALYZE of the longest statement. DATA_DIR=… STAGES_TERMS='impôt,succession' node
 * --conditions=react-server --import tsx bench/search/stages.ts
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { closeDatabase, getDatabase } from '../../src/server/db/client';
import { search as ownSearch } from '../../src/server/search/engine';
import { batchSearchCounts } from '../../src/server/search/query-counts';

type Call = { sql: string; params: unknown[] | undefined; ms: number };
let calls: Call[] = [];
const timed =
  (run: (query: string, params?: unknown[], options?: unknown) => Promise<unknown>) =>
  async (query: string, params?: unknown[], options?: unknown) => {
    const start = performance.now();
    try {
      return await run(query, params, options);
    } finally {
      calls.push({ sql: query, params, ms: performance.now() - start });
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
const params = (term: string) => ({
  term,
  page: 1,
  urType: 'tous' as const,
  selected: {},
  sort: 'pertinence' as const,
});
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
  if (process.env.STAGES_EXPLAIN) {
    const main = last.reduce((a, b) => (b.ms > a.ms ? b : a));
    const client = (db as unknown as { $client: PGlite }).$client;
    await client.query('set enable_indexscan = off');
    const plan = (await client.query(`explain (analyze, costs off) ${main.sql}`, main.params)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    await client.query('reset enable_indexscan');
  }
}
await closeDatabase();
process.exit(0);
