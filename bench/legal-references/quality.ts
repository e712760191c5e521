/**
 * Legal references: quality and speed of the detector.
 *
 * Quality: every sentence of the labelled set (tests/fixtures/legal-references/labelled.jsonl: demo content and
 * hand-written French legal sentences, hard cases and sentences that cite nothing) is detected and its keys
 * compared, as multisets, with the labels. Prints precision and recall per kind and overall, then every miss
 * (a label not found) and every false hit (a key found but not labelled).
 *
 * Speed: detection of a 5,000-word article made of the set's sentences and ordinary prose (goal: under 20 ms),
 * median and p95 of BENCH_ROUNDS runs after a warm-up, in wall time and in the process's CPU time.
 *
 *   node --conditions=react-server --import tsx bench/legal-references/quality.ts
 *
 * BENCH_OUT writes the figures as JSON (bench/results/legal-references-quality-<date>.json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { detectReferences, REFERENCE_KINDS } from '../../src/server/legal-references/detect';

type Labelled = { text: string; keys: string[]; source: string };

const SET = path.join(import.meta.dirname, '../../tests/fixtures/legal-references/labelled.jsonl');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const labelled: Labelled[] = readFileSync(SET, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Labelled);

type Tally = { truePositives: number; falsePositives: number; falseNegatives: number };
const tallies = new Map<string, Tally>(
  [...REFERENCE_KINDS, 'all'].map((kind) => [
    kind,
    { truePositives: 0, falsePositives: 0, falseNegatives: 0 },
  ]),
);
const misses: string[] = [];
const falseHits: string[] = [];

function count(kind: string, field: keyof Tally): void {
  for (const name of [kind, 'all']) {
    const tally = tallies.get(name);
    if (tally) tally[field]++;
  }
}

for (const { text, keys } of labelled) {
  const expected = [...keys];
  for (const { key } of detectReferences(text).references) {
    const kind = key.slice(0, key.indexOf(':'));
    const index = expected.indexOf(key);
    if (index >= 0) {
      expected.splice(index, 1);
      count(kind, 'truePositives');
    } else {
      count(kind, 'falsePositives');
      falseHits.push(`${key}  ←  ${text}`);
    }
  }
  for (const key of expected) {
    count(key.slice(0, key.indexOf(':')), 'falseNegatives');
    misses.push(`${key}  ←  ${text}`);
  }
}

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? 1 : Math.round((numerator / denominator) * 1000) / 1000;
const quality = Object.fromEntries(
  [...tallies].map(([kind, { truePositives, falsePositives, falseNegatives }]) => [
    kind,
    {
      labelled: truePositives + falseNegatives,
      precision: ratio(truePositives, truePositives + falsePositives),
      recall: ratio(truePositives, truePositives + falseNegatives),
    },
  ]),
);

console.log(`Labelled set: ${labelled.length} sentences, ${quality.all?.labelled} references\n`);
console.log('kind         labelled  precision  recall');
for (const [kind, { labelled: total, precision, recall }] of Object.entries(quality)) {
  console.log(
    `${kind.padEnd(12)} ${String(total).padStart(8)}  ${precision.toFixed(3).padStart(9)}  ${recall.toFixed(3).padStart(6)}`,
  );
}
console.log(`\nMisses (${misses.length}):`);
for (const line of misses) console.log(`  ${line}`);
console.log(`\nFalse hits (${falseHits.length}):`);
for (const line of falseHits) console.log(`  ${line}`);

// Speed: a 5,000-word article.
const PROSE =
  "L'administration rappelle que le contribuable doit conserver les justificatifs pendant six ans et que le délai " +
  'de reprise court à compter de la date de dépôt de la déclaration, sauf activité occulte ou fraude caractérisée. ';
const parts: string[] = [];
let words = 0;
for (let index = 0; words < 5000; index++) {
  const sentence = index % 3 === 0 ? (labelled[index % labelled.length]?.text ?? '') : PROSE;
  parts.push(sentence);
  words += sentence.split(/\s+/).length;
}
const article = parts.join(' ');
for (let warm = 0; warm < 20; warm++) detectReferences(article);
// Wall time, and the process's CPU time: on a shared, loaded machine the wall time of some runs includes the
// time the scheduler gave other processes; the CPU time is the detector's own cost.
const wall: number[] = [];
const cpu: number[] = [];
let found = 0;
for (let round = 0; round < ROUNDS; round++) {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  found = detectReferences(article).references.length;
  wall.push(performance.now() - started);
  const used = process.cpuUsage(cpuStart);
  cpu.push((used.user + used.system) / 1000);
}
const at = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0) * 100) / 100;
};
const speed = {
  words,
  characters: article.length,
  references: found,
  rounds: ROUNDS,
  wallMedianMs: at(wall, 0.5),
  wallP95Ms: at(wall, 0.95),
  cpuMedianMs: at(cpu, 0.5),
  cpuP95Ms: at(cpu, 0.95),
};
console.log(
  `\nDetection of a ${words}-word article (${article.length} characters, ${found} references), ${ROUNDS} runs: ` +
    `wall median ${speed.wallMedianMs} ms, p95 ${speed.wallP95Ms} ms; CPU median ${speed.cpuMedianMs} ms, p95 ${speed.cpuP95Ms} ms`,
);

if (process.env.BENCH_OUT) {
  writeFileSync(
    process.env.BENCH_OUT,
    `${JSON.stringify({ date: new Date().toISOString(), sentences: labelled.length, quality, misses, falseHits, speed }, null, 2)}\n`,
  );
}
