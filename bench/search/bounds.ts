/**
 * The window bounds' cost (not a timed test): `windowBounds` (the dictionary read, the facet estimates and the
 * bound) of this checkout and of BENCH_BASELINE's, alternating round by round on the same database, for terms with
 * selected facets ('impôt|matiere=Fiscal', as in stages.ts); prints each engine's minimum and median and whether
 * both found the same windows (a news window may start earlier since decision 051: same months).
 *
 *   DATABASE_URL=postgres://… BENCH_BASELINE=/tmp/main STAGES_TERMS='impôt,licenciement' node
 *     --conditions=react-server --import tsx bench/search/bounds.ts
 */
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '../../src/server/db/client';

type Modules = {
  planning: typeof import('../../src/server/search/cost-planning');
  building: typeof import('../../src/server/search/query-building');
  facets: typeof import('../../src/server/search/selected-facets');
};
const load = async (root: string): Promise<Modules> => ({
  planning: await import(path.resolve(root, 'src/server/search/cost-planning.ts')),
  building: await import(path.resolve(root, 'src/server/search/query-building.ts')),
  facets: await import(path.resolve(root, 'src/server/search/selected-facets.ts')),
});
const BASELINE = process.env.BENCH_BASELINE;
if (!BASELINE) throw new Error('BENCH_BASELINE: the checkout to compare with');
const engines = {
  branch: await load(path.resolve(import.meta.dirname, '../..')),
  baseline: await load(BASELINE),
};
const terms = (process.env.STAGES_TERMS ?? 'impôt,licenciement,impôt|matiere=Fiscal').split(',');
const rounds = Number(process.env.STAGES_ROUNDS ?? 20);
const { db } = await getDatabase();

const selection = (spec: string) => {
  const [term = '', ...facets] = spec.split('|');
  const selected: Record<string, string[]> = {};
  for (const facet of facets) {
    const [name = '', value = ''] = facet.split('=');
    selected[name] = [...(selected[name] ?? []), value];
  }
  return { term, selected };
};
const bounds = async (modules: Modules, spec: string) => {
  const { term, selected } = selection(spec);
  const filters = modules.facets.facetFilters(selected);
  const jobCodes = filters.metier ? await modules.planning.productCodesOfJob(db, filters.metier) : null;
  const scopes = modules.building.corpusFilters(filters, jobCodes, { news: true, docs: true });
  // A baseline from before 2026-11-28 calls the term's words `lexemes` (then one lexeme each).
  const fullText: { words?: SQL; lexemes?: SQL } = modules.building.typedQuery(term);
  return modules.planning.windowBounds(db, term, (fullText.words ?? fullText.lexemes) as SQL, scopes);
};
const at = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * share)] ?? 0;

for (const spec of terms) {
  const samples = { branch: [] as number[], baseline: [] as number[] };
  const [own, theirs] = [await bounds(engines.branch, spec), await bounds(engines.baseline, spec)];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['branch', 'baseline'] as const) : (['baseline', 'branch'] as const);
    for (const engine of order) {
      const start = performance.now();
      await bounds(engines[engine], spec);
      samples[engine].push(performance.now() - start);
    }
  }
  const months = (window: typeof own) => JSON.stringify([window.news?.months, window.docs?.months]);
  console.log(
    `${spec.padEnd(48)} branch min ${Math.min(...samples.branch).toFixed(1)} p50 ${at(samples.branch, 0.5).toFixed(1)} ms` +
      ` | baseline min ${Math.min(...samples.baseline).toFixed(1)} p50 ${at(samples.baseline, 0.5).toFixed(1)} ms` +
      ` | docs bound ${own.docs?.bound ?? '-'} / ${theirs.docs?.bound ?? '-'}, news ${own.news?.bound ?? '-'} / ${theirs.news?.bound ?? '-'}` +
      ` | same months ${months(own) === months(theirs)}`,
  );
}
await closeDatabase();
process.exit(0);
