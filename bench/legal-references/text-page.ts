/**
 * Legal references: cost of a text's page with many citing documents (issue goal: p95 under 50 ms on PGlite with
 * 1,000 citing documents). In-process, the page's own query (`loadTextPage`: the count, one page of citing
 * documents newest first, their titles and links), over a database holding CITING news that cite one article
 * of the Code du travail (written through the import's reference writer) beside OTHERS news citing other texts.
 * Random pages of the 50, timed after a warm-up. Writes BENCH_OUT when set.
 *
 *   DATA_DIR=/tmp/bench-textes node --conditions=react-server --import tsx bench/legal-references/text-page.ts
 *   DATABASE_URL=postgres://… node --conditions=react-server --import tsx bench/legal-references/text-page.ts
 *
 * Environment: CITING (default 1000), OTHERS (default 5000), BENCH_ROUNDS (default 200), BENCH_OUT.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '../../src/server/db/client';
import { articles } from '../../src/server/db/schema';
import { articleSource, insertReferences } from '../../src/server/legal-references/storage';
import { loadTextPage, TEXT_PAGE_SIZE } from '../../src/server/legal-references/text-page';
import { insertRows } from '../../src/server/seed/bulk-insert';

const CITING = Number(process.env.CITING ?? 1000);
const OTHERS = Number(process.env.OTHERS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const KEY = 'code:code-du-travail:l1233-3';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const loadAverageAtStart = os.loadavg();
  const database = await getDatabase();
  const { db } = database;
  await db.execute(sql`truncate table legal_references`);
  await db.execute(sql`delete from articles where id like 'BENCH-%'`);
  const total = CITING + OTHERS;
  for (let from = 0; from < total; from += 1000) {
    const rows = [];
    for (let index = from; index < Math.min(total, from + 1000); index += 1) {
      const citing = index < CITING;
      rows.push({
        id: `BENCH-${String(index).padStart(6, '0')}`,
        type: 'actualite',
        slug: `actualite-${index}`,
        title: `Actualité ${index}`,
        summary: 'Résumé de l’actualité.',
        bodyText: citing
          ? 'Le motif économique est défini par l’article L. 1233-3 du Code du travail ; voir aussi l’article 39 du CGI.'
          : `Le régime de l’article ${100 + (index % 400)} du CGI et l’article L. ${1000 + (index % 300)}-1 du Code du travail.`,
        publicationDate: new Date(Date.UTC(2020, 0, 1) + index * 3_600_000),
      });
    }
    await insertRows(db, articles, rows);
    await insertReferences(db, rows.map(articleSource));
  }
  await db.execute(sql`analyze`);
  const pages = Math.ceil(CITING / TEXT_PAGE_SIZE);
  for (let warm = 0; warm < 10; warm += 1) await loadTextPage(db, KEY, 1 + (warm % pages));
  // Wall time, and on PGlite (which runs in this process) the process's CPU time: on a shared, loaded machine the
  // wall time of some runs includes the time the scheduler gave other processes.
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const page = 1 + Math.floor(Math.random() * pages);
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const data = await loadTextPage(db, KEY, page);
    samples.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    if (data?.total !== CITING) throw new Error(`Attendu ${CITING} documents, lu ${data?.total}`);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  const result = {
    date: new Date().toISOString(),
    driver: database.driver,
    citing: CITING,
    others: OTHERS,
    rounds: ROUNDS,
    p50Ms: round(percentile(samples, 50)),
    p95Ms: round(percentile(samples, 95)),
    maxMs: round(samples.at(-1) ?? 0),
    cpuP50Ms: round(percentile(cpu, 50)),
    cpuP95Ms: round(percentile(cpu, 95)),
    loadAverageAtStart,
  };
  console.log(
    `Page d'un texte cité par ${CITING} documents (${database.driver}, ${ROUNDS} pages au hasard) : p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms; CPU p50 ${result.cpuP50Ms} ms, p95 ${result.cpuP95Ms} ms`,
  );
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${JSON.stringify(result, null, 2)}\n`);
  await db.execute(sql`delete from articles where id like 'BENCH-%'`);
  await db.execute(sql`truncate table legal_references`);
}

try {
  await main();
} finally {
  await closeDatabase();
}
