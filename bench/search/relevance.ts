/**
 * Relevance of the search (issue 15 item 9): the judged queries of tests/support/relevance-judgements.ts over
 * the fixed test corpus in a fresh in-memory PGlite, nDCG@10 per query and its mean, the reciprocal rank and the
 * top-3 hits. Writes bench/results/search-relevance-<label>.json.
 *
 *   RELEVANCE_LABEL=after node --conditions=react-server --import tsx bench/search/relevance.ts
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { search } from '../../src/server/search/engine';
import { JUDGEMENTS, meanNdcgAt10 } from '../../tests/support/relevance-judgements';
import { insertSearchCorpus } from '../../tests/support/search-corpus';

const LABEL = process.env.RELEVANCE_LABEL ?? 'run';

async function main() {
  const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
  await insertSearchCorpus(database.db);
  const rankings: string[][] = [];
  for (const [term] of JUDGEMENTS) {
    const answer = await search(database.db, {
      term,
      page: 1,
      urType: 'tous',
      selected: {},
      sort: 'pertinence',
    });
    rankings.push(answer.results.map((result) => result.id));
  }
  await database.close();
  const perQuery = JUDGEMENTS.map(([query, expected], index) => {
    const position = (rankings[index] ?? []).indexOf(expected) + 1;
    return {
      query,
      expected,
      position: position || null,
      ndcgAt10: position > 0 && position <= 10 ? Math.round((1 / Math.log2(position + 1)) * 1000) / 1000 : 0,
    };
  });
  const report = {
    benchmark: 'search-relevance',
    label: LABEL,
    date: new Date().toISOString(),
    commit: process.env.BENCH_COMMIT ?? execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim(),
    command: `RELEVANCE_LABEL=${LABEL} node --conditions=react-server --import tsx bench/search/relevance.ts`,
    method: `${JUDGEMENTS.length} judged queries (one expected document each) over the test corpus, anonymous reader, relevance order; nDCG@10 with binary gain.`,
    meanNdcgAt10: Math.round(meanNdcgAt10(rankings) * 1000) / 1000,
    meanReciprocalRank:
      Math.round(
        (perQuery.reduce((sum, entry) => sum + (entry.position ? 1 / entry.position : 0), 0) /
          perQuery.length) *
          1000,
      ) / 1000,
    top3: perQuery.filter((entry) => entry.position !== null && entry.position <= 3).length,
    perQuery,
  };
  const file = path.resolve(import.meta.dirname, '../results', `search-relevance-${LABEL}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    JSON.stringify({ meanNdcgAt10: report.meanNdcgAt10, mrr: report.meanReciprocalRank, top3: report.top3 }),
  );
}

await main();
