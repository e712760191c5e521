/** Stage costs of one search statement on PGlite, by running it with parts left out (no EXPLAIN overhead). */

import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';

const root = path.resolve(
  process.env.ENGINE_ROOT ?? path.resolve(import.meta.dirname, '../..'),
  'src/server/search',
);
const { windowBounds } = (await import(
  `${root}/cost-planning.ts`
)) as typeof import('../../src/server/search/cost-planning');
const { FACETS } = (await import(
  `${root}/facet-assembly.ts`
)) as typeof import('../../src/server/search/facet-assembly');
const { corpusFilters, searchStatement, typedQuery } = (await import(
  `${root}/query-building.ts`
)) as typeof import('../../src/server/search/query-building');
const { facetFilters } = (await import(
  `${root}/selected-facets.ts`
)) as typeof import('../../src/server/search/selected-facets');

const terms = (process.env.STAGES_TERMS ?? 'impôt,succession').split(',');
const { db } = await getDatabase();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
async function timeIt(label: string, run: () => Promise<unknown>) {
  await run();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    const start = performance.now();
    const used = process.cpuUsage();
    await run();
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
    samples.push(performance.now() - start);
  }
  console.log(
    `${Math.min(...samples)
      .toFixed(1)
      .padStart(
        7,
      )} ms min ${median(samples).toFixed(1).padStart(7)} ms p50 ${median(cpu).toFixed(1).padStart(7)} ms cpu  ${label}`,
  );
}
for (const term of terms) {
  console.log(`== ${term}`);
  const fullText = typedQuery(term);
  const filters = corpusFilters(facetFilters({}), null, { news: true, docs: true });
  await timeIt('window bounds (all statements)', () => windowBounds(db, term, fullText.words, filters));
  const bounds = await windowBounds(db, term, fullText.words, filters);
  const run = (statement: ReturnType<typeof searchStatement>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_indexscan', 'off', true)`);
      return queryRows(tx, statement);
    });
  // Planning alone: EXPLAIN without ANALYZE plans the statement and runs nothing.
  const plan = (statement: ReturnType<typeof searchStatement>) => run(sql`explain ${statement}`);
  const base = {
    query: fullText.tsquery,
    wordsAsTyped: fullText.wordsAsTyped,
    hasTerm: true,
    hasAccess: false,
    filters,
    bounds,
    readByAddress: process.env.BY_ADDRESS === '1',
  };
  const page = { offset: 0, size: 20, sort: 'pertinence' as const, sources: true };
  await timeIt('full statement', () => run(searchStatement({ ...base, page, facets: FACETS })));
  await timeIt('planning only (EXPLAIN)', () => plan(searchStatement({ ...base, page, facets: FACETS })));
  await timeIt('planning only, no facets', () => plan(searchStatement({ ...base, page, facets: [] })));
  await timeIt('planning only, no facets, no page', () =>
    plan(searchStatement({ ...base, page: null, facets: [] })),
  );
  await timeIt('no facets', () => run(searchStatement({ ...base, page, facets: [] })));
  await timeIt('no facets, no page/rank', () => run(searchStatement({ ...base, page: null, facets: [] })));
  for (const facet of FACETS)
    await timeIt(`no page + facet ${facet}`, () =>
      run(searchStatement({ ...base, page: null, facets: [facet] })),
    );
  await timeIt('access: full statement', () =>
    run(searchStatement({ ...base, hasAccess: true, page, facets: FACETS })),
  );
}
await closeDatabase();
process.exit(0);
