/**
 * Answer check (not a timed test): every benchmark query (queries.ts), on pages 1 and 2, by relevance and by date,
 * for a reader with and without access, answered by this checkout's engine and by BENCH_BASELINE's (another
 * checkout with node_modules) on the same database; prints each difference of totals, bound, result order, facet
 * counts or snippets, and exits 1 when totals, order or counts differ.
 *
 *   DATA_DIR=/tmp/bench-pglite BENCH_BASELINE=/tmp/main node --conditions=react-server --import tsx bench/search/same-answers.ts
 */

import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SEARCH_SORTS } from '../../src/lib/contracts/search';
import { closeDatabase, getDatabase } from '../../src/server/db/client';
import { search } from '../../src/server/search/engine';
import { batchSearchCounts } from '../../src/server/search/query-counts';
import { UR_TYPES } from '../../src/server/search/types';
import { QUERIES } from './queries';

const BASELINE = process.env.BENCH_BASELINE;
if (!BASELINE) throw new Error('BENCH_BASELINE: the checkout to compare with');
const baseline = (await import(path.resolve(BASELINE, 'src/server/search/engine.ts'))) as {
  search: typeof search;
};
const { db } = await getDatabase();
// Searches are counted in memory, as in the server (not one write each).
batchSearchCounts(async () => db);

type Answer = Awaited<ReturnType<typeof search>>;
const shape = (answer: Answer) => ({
  total: answer.total,
  bounded: answer.bounded,
  order: answer.results.map((result) => `${result.subscriber_only ? 'docs' : 'news'}:${result.id}`),
  results: answer.results.map(({ texte: _snippet, ...rest }) => rest),
  facets: answer.facets,
});

let differences = 0;
let snippetDifferences = 0;
let compared = 0;
for (const query of QUERIES)
  for (const page of [1, 2])
    for (const sort of [SEARCH_SORTS.relevance, SEARCH_SORTS.date])
      for (const hasAccess of [false, true]) {
        const params = {
          term: query.term,
          page,
          urType: query.urType ?? UR_TYPES.all,
          selected: query.selected ?? {},
          sort,
        };
        const reader = { hasAccess, client: undefined };
        const [mine, theirs] = [await search(db, params, reader), await baseline.search(db, params, reader)];
        compared += 1;
        const label = `${query.term || '(vide)'} ${JSON.stringify(query.selected ?? {})} ${query.urType ?? ''} page ${page} ${sort} ${hasAccess ? 'abonné' : 'anonyme'}`;
        const [a, b] = [shape(mine), shape(theirs)];
        for (const key of Object.keys(a) as (keyof typeof a)[])
          if (!isDeepStrictEqual(a[key], b[key])) {
            differences += 1;
            console.log(
              `DIFF ${key}: ${label}\n  this: ${JSON.stringify(a[key]).slice(0, Number(process.env.DIFF_CHARS ?? 400))}\n  base: ${JSON.stringify(b[key]).slice(0, Number(process.env.DIFF_CHARS ?? 400))}`,
            );
          }
        mine.results.forEach((result, index) => {
          const other = theirs.results[index]?.texte;
          if (result.texte !== other) {
            snippetDifferences += 1;
            if (snippetDifferences <= 10)
              console.log(`SNIPPET ${label} #${index}\n  this: ${result.texte}\n  base: ${other}`);
          }
        });
      }
console.log(
  `${compared} answers compared: ${differences} differences of totals, order or counts; ${snippetDifferences} snippets differ`,
);
await closeDatabase();
process.exit(differences === 0 ? 0 : 1);
