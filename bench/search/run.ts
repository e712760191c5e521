/**
 * Search benchmark (not a timed test): latency of results-with-facets and of suggestions over the dataset built
 * by bench/search/dataset.ts, in-process (the engine's functions, as the page calls them; no HTTP). Writes
 * bench/results/search-<driver>-<articles>-articles-<documents>-documents.json with the date, the machine, the dataset and p50/p95/p99.
 *
 *   DATABASE_URL=postgres://… node --conditions=react-server --import tsx bench/search/run.ts
 *   DATA_DIR=/tmp/bench-pglite node --conditions=react-server --import tsx bench/search/run.ts
 *
 * With BENCH_BASELINE=<another checkout of the project, with node_modules> (and BENCH_BASELINE_LABEL, e.g. its
 * commit), each query and typed prefix is also run by that checkout's engine on the same database, alternating
 * with this one round by round (which goes first alternates too): both see the same machine load, which on a
 * shared machine moves more than the changes being measured. BENCH_OUTPUT names the result file.
 *
 * With BENCH_COMPARE_DATABASE_URL=<another PostgreSQL database> (and BENCH_COMPARE_LABEL), this checkout's engine is
 * also run on that database, alternating round by round the same way: two corpus sizes measured under the same
 * load (the result's `compare`). PostgreSQL runs record the size of the search tables and of each of their indexes.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SEARCH_SORTS } from '../../src/lib/contracts/search';
import { closeDatabase, type Db, getDatabase, openDatabase } from '../../src/server/db/client';
import { AppError } from '../../src/server/http/errors';
import { search } from '../../src/server/search/engine';
import { batchSearchCounts, flushSearchCounts } from '../../src/server/search/query-counts';
import { suggest } from '../../src/server/search/suggest';
import { UR_TYPES } from '../../src/server/search/types';
import { QUERIES, type Query } from './queries';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BASELINE = process.env.BENCH_BASELINE;
const COMPARE_URL = process.env.BENCH_COMPARE_DATABASE_URL;

type Engine = { search: typeof search; suggest: typeof suggest };
/** An engine and the database it runs on. */
type Runner = { engine: Engine; db: Db };

/**
 * One search, or undefined when it ran past the engine's time budget (`statement_timeout` on PostgreSQL: the
 * server answers 503, the engine throws AppError 'unavailable'): its time is measured like any other's.
 */
async function searchWithinBudget(
  runner: Runner,
  query: Parameters<typeof search>[1],
): Promise<Awaited<ReturnType<typeof search>> | undefined> {
  try {
    return await runner.engine.search(runner.db, query);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unavailable') return undefined;
    throw error;
  }
}

/** The baseline checkout's engine, run on this process's database (a second PGlite on one folder would corrupt it). */
async function baselineEngine(): Promise<Engine | null> {
  if (!BASELINE) return null;
  const engine = (await import(path.resolve(BASELINE, 'src/server/search/engine.ts'))) as Engine;
  const suggestions = (await import(path.resolve(BASELINE, 'src/server/search/suggest.ts'))) as Engine;
  return { search: engine.search, suggest: suggestions.suggest };
}

/** What is typed in the header box: 3 to 8 characters, some accent-free, some with a typo. */
const SUGGEST_TERMS = [
  'imp',
  'impo',
  'impôt',
  'soc',
  'soci',
  'societ',
  'décl',
  'decla',
  'sal',
  'salar',
  'con',
  'contr',
  'tau',
  'lic',
  'licen',
  'licenci',
  'rup',
  'ruptu',
  'suc',
  'succes',
  'don',
  'donat',
  'cop',
  'copro',
  'tél',
  'tele',
  'ana',
  'anato',
  'ort',
  'ortho',
  'fac',
  'factu',
  'fisc',
  'fiscl',
  'tva',
  'TVA',
  'bai',
  'bail c',
  'ass',
  'assur',
  'hér',
  'heri',
  'cré',
  'credi',
  'pri',
  'prix d',
  'usu',
  'usuf',
  'fer',
  'ferma',
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

async function time(action: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await action();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

type Counts = { articles: number; documents: number; version: string };

async function corpusCounts(db: Db): Promise<Counts | undefined> {
  return (
    (await db.execute(
      sql`select (select count(*)::int from articles) as articles, (select count(*)::int from subscriber_documents) as documents, version() as version`,
    )) as { rows: Counts[] }
  ).rows[0];
}

/** Database, search tables and their indexes, in MB (PostgreSQL only: PGlite has no size functions worth it). */
async function sizes(db: Db, driver: string) {
  if (driver !== 'postgres') return undefined;
  const megabytes = (bytes: number | string) => Math.round(Number(bytes) / 2 ** 20);
  const database = (
    (await db.execute(sql`select pg_database_size(current_database()) as bytes`)) as {
      rows: { bytes: string }[];
    }
  ).rows[0];
  const tables = (
    (await db.execute(
      sql`select c.relname as name, pg_relation_size(c.oid) as heap, pg_total_relation_size(c.oid) as total,
          coalesce(pg_relation_size(c.reltoastrelid), 0) as toast,
          (select json_object_agg(i.relname, pg_relation_size(i.oid) order by i.relname) from pg_index x
            join pg_class i on i.oid = x.indexrelid where x.indrelid = c.oid) as indexes
        from pg_class c where c.relname in ('articles', 'subscriber_documents', 'search_lexemes', 'search_suggestions')
        order by c.relname`,
    )) as {
      rows: {
        name: string;
        heap: string;
        total: string;
        toast: string;
        indexes: Record<string, number> | null;
      }[];
    }
  ).rows;
  return {
    unit: 'MB',
    database: megabytes(database?.bytes ?? 0),
    tables: Object.fromEntries(
      tables.map((table) => [
        table.name,
        {
          heap: megabytes(table.heap),
          toast: megabytes(table.toast),
          total: megabytes(table.total),
          indexes: Object.fromEntries(
            Object.entries(table.indexes ?? {}).map(([name, bytes]) => [name, megabytes(bytes)]),
          ),
        },
      ]),
    ),
  };
}

const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);

async function main() {
  const loadAverageAtStart = loadAverage();
  const startedAt = new Date().toISOString();
  const database = await getDatabase();
  const { db } = database;
  const counts = await corpusCounts(db);
  console.log(`driver ${database.driver}, ${counts?.articles} articles, ${counts?.documents} documents`);
  // The server settings that matter for these numbers (PostgreSQL's defaults unless the server was started with
  // others; PGlite's are its own).
  const settings = Object.fromEntries(
    (
      (await db.execute(
        sql`select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'jit', 'max_parallel_workers_per_gather')`,
      )) as { rows: { name: string; setting: string; unit: string | null }[] }
    ).rows.map((row) => [row.name, row.unit ? `${row.setting} x ${row.unit}` : row.setting]),
  );

  // As in the server: searches are counted in memory and written every few seconds, not one write per search
  // (the module's state is process-wide, so the baseline's copy batches too).
  batchSearchCounts(async () => db);
  const current: Engine = { search, suggest };
  const baseline = await baselineEngine();
  const compared = COMPARE_URL ? await openDatabase({ driver: 'postgres', url: COMPARE_URL }) : undefined;
  if (baseline && compared) throw new Error('BENCH_BASELINE ou BENCH_COMPARE_DATABASE_URL, pas les deux');
  const engines: Runner[] = [{ engine: current, db }];
  if (baseline) engines.push({ engine: baseline, db });
  if (compared) engines.push({ engine: current, db: compared.db });
  const comparedCounts = compared ? await corpusCounts(compared.db) : undefined;
  if (compared)
    console.log(`compared with ${comparedCounts?.articles} articles, ${comparedCounts?.documents} documents`);
  // Warm-up: one pass of everything (caches, plans), not measured.
  for (const runner of engines) {
    for (const query of QUERIES) await searchWithinBudget(runner, params(query));
    for (const term of SUGGEST_TERMS) await runner.engine.suggest(runner.db, term);
  }

  const measured = engines.map(() => ({
    results: [] as number[],
    suggest: [] as number[],
    /** Measured searches that ran past the engine's time budget (the server answers those 503). */
    overBudget: 0,
    perQuery: {} as Record<
      string,
      { kind: string; p50: number; max: number; total: number; bounded: boolean; overBudget: number }
    >,
  }));
  /** Each round runs every engine once, the first one alternating. */
  const rounds = async (action: (runner: Runner) => Promise<unknown>) => {
    const samples = engines.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let turn = 0; turn < engines.length; turn += 1) {
        const index = (round + turn) % engines.length;
        const runner = engines[index] as Runner;
        samples[index]?.push(await time(() => action(runner)));
      }
    }
    return samples;
  };
  for (const query of QUERIES) {
    const answers: Awaited<ReturnType<typeof search>>[] = [];
    const overBudget = engines.map(() => 0);
    const samples = await rounds(async (runner) => {
      const index = engines.indexOf(runner);
      const answer = await searchWithinBudget(runner, params(query));
      if (answer) answers[index] = answer;
      else overBudget[index] = (overBudget[index] ?? 0) + 1;
    });
    const key = `${query.term || '(vide)'}${query.selected ? ` ${JSON.stringify(query.selected)}` : ''}${query.urType ? ` [${query.urType}]` : ''}`;
    const line = samples.map((engineSamples, index) => {
      const stats = summary(engineSamples);
      const answer = answers[index];
      const entry = measured[index];
      entry?.results.push(...engineSamples);
      const late = overBudget[index] ?? 0;
      if (entry) {
        entry.overBudget += late;
        entry.perQuery[key] = {
          kind: query.kind,
          p50: stats.p50,
          max: stats.max,
          total: answer?.total ?? 0,
          bounded: answer?.bounded ?? false,
          overBudget: late,
        };
      }
      return `p50 ${stats.p50} ms  max ${stats.max} ms  total ${answer?.total}${answer?.bounded ? '+' : ''}${late ? ` (${late} over budget)` : ''}`;
    });
    console.log(`${key.padEnd(60)} ${line.join(compared ? '  | compared ' : '  | baseline ')}`);
  }
  for (const term of SUGGEST_TERMS) {
    const samples = await rounds((runner) => runner.engine.suggest(runner.db, term));
    samples.forEach((engineSamples, index) => {
      measured[index]?.suggest.push(...engineSamples);
    });
  }
  const [mine, theirs] = measured;
  const resultSamples = mine?.results ?? [];
  const suggestSamples = mine?.suggest ?? [];
  const perQuery = mine?.perQuery ?? {};

  const report = {
    benchmark: 'search',
    command: `${Object.entries(process.env)
      .filter(([name]) => /^(BENCH_|DATABASE_URL$|DATA_DIR$)/.test(name))
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')} node --conditions=react-server --import tsx bench/search/run.ts`,
    commit: execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim(),
    date: startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      hostname: os.hostname(),
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      /** 1, 5 and 15 minute load averages when the run started and when it ended. */
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      node: process.version,
      note: 'Two cores shared with other engineers building and testing at the same time: numbers are pessimistic.',
    },
    database: {
      driver: database.driver,
      version: counts?.version,
      articles: counts?.articles,
      documents: counts?.documents,
      settings,
      sizes: await sizes(db, database.driver),
    },
    method: `${QUERIES.length} queries x ${ROUNDS} rounds after one warm-up pass, in-process calls of search() (one page of 20 results, snippets and all six facets; searches counted in memory and written every 5 s, as in the server; answers not shared) and suggest(); milliseconds. A search past the engine's time budget (statement_timeout, a 503 in the server) counts with its time and in overBudget.`,
    resultsWithFacets: { ...summary(resultSamples), overBudget: mine?.overBudget ?? 0 },
    suggest: { ...summary(suggestSamples), terms: SUGGEST_TERMS.length },
    perQuery,
    compare:
      theirs && compared
        ? {
            label: process.env.BENCH_COMPARE_LABEL ?? null,
            method:
              'The same engine, queries and rounds on the database below, alternating with the one above round by round (who goes first alternates).',
            database: {
              articles: comparedCounts?.articles,
              documents: comparedCounts?.documents,
              sizes: await sizes(compared.db, 'postgres'),
            },
            resultsWithFacets: { ...summary(theirs.results), overBudget: theirs.overBudget },
            suggest: { ...summary(theirs.suggest), terms: SUGGEST_TERMS.length },
            perQuery: theirs.perQuery,
          }
        : undefined,
    baseline:
      theirs && !compared
        ? {
            checkout: BASELINE,
            label: process.env.BENCH_BASELINE_LABEL ?? null,
            method:
              'Same queries and rounds, alternating with the engine above round by round, on the same database.',
            resultsWithFacets: summary(theirs.results),
            suggest: { ...summary(theirs.suggest), terms: SUGGEST_TERMS.length },
            perQuery: theirs.perQuery,
          }
        : undefined,
  };
  const name =
    process.env.BENCH_OUTPUT ??
    `search-${database.driver}-${counts?.articles ?? 0}-articles-${counts?.documents ?? 0}-documents.json`;
  const file = path.resolve(import.meta.dirname, '../results', name);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    JSON.stringify(
      {
        resultsWithFacets: report.resultsWithFacets,
        suggest: report.suggest,
        baseline: report.baseline && {
          resultsWithFacets: report.baseline.resultsWithFacets,
          suggest: report.baseline.suggest,
        },
        compare: report.compare && {
          resultsWithFacets: report.compare.resultsWithFacets,
          suggest: report.compare.suggest,
        },
      },
      null,
      2,
    ),
  );
  console.log(`written ${file}`);
  await flushSearchCounts();
  await compared?.close();
  await closeDatabase();
}

function params(query: Query) {
  return {
    term: query.term,
    page: 1,
    urType: query.urType ?? UR_TYPES.all,
    selected: query.selected ?? {},
    sort: SEARCH_SORTS.relevance,
  };
}

await main();
