// Reader tools benchmark (docs/READER-TOOLS.md): the private agenda feed of a reader who follows every trade, on
// the demo seed, timed in-process (the database query, the profile filter and the iCalendar text: written once,
// then found again while the deadlines are unchanged), and the
// word-level comparison of two versions of a 5,000-word article. Records bench/results/reader-tools-<date>.json.
//
//   node_modules/.bin/node --conditions=react-server --import tsx bench/reader-tools/run.ts [--articles 3000] [--runs 50]
//
// In-memory PGlite (the embedded driver, the slower of the two for queries), after one warm-up call each.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NEWS_TOPICS } from '@/lib/constants';
import { articleInputSchema } from '@/lib/contracts/article';
import { readableText } from '@/server/article-updates/compare';
import { wordDifferences } from '@/server/content/version-diff';
import { openDatabase } from '@/server/db/client';
import { personalCalendar } from '@/server/personal-agenda/feed';
import { seedDatabase } from '@/server/seed';

const { values } = parseArgs({
  options: { articles: { type: 'string', default: '3000' }, runs: { type: 'string', default: '50' } },
});
const RUNS = Number(values.runs);

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    runs: sorted.length,
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

async function time(run: () => Promise<unknown> | unknown): Promise<number[]> {
  await run();
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
const now = new Date();
await seedDatabase(database.db, {
  articles: Number(values.articles),
  documents: 0,
  today: now,
  reset: false,
});

const everyTrade = {
  customerId: 0,
  trades: [...NEWS_TOPICS],
  sizeBand: null,
  vatRegime: null,
  taxRegime: null,
  emailReminders: true,
  feedCreatedAt: now,
};
// The first call writes the calendar (ical-generator); later ones find it written while the deadlines are the same.
const coldStart = performance.now();
const feed = await personalCalendar(database.db, everyTrade, now);
const coldMs = Math.round((performance.now() - coldStart) * 100) / 100;
const result: Record<string, unknown> = {
  date: now.toISOString(),
  machine: 'shared 2-core machine, 8 engineers at work',
  driver: 'pglite (in memory)',
  seedArticles: Number(values.articles),
  agendaFeed: {
    what: 'personalCalendar() of a profile with the eight trades and no other criterion',
    events: feed.match(/BEGIN:VEVENT/g)?.length ?? 0,
    bytes: Buffer.byteLength(feed),
    budgetMs: 50,
    firstWriteMs: coldMs,
    ...summary(await time(() => personalCalendar(database.db, everyTrade, now))),
  },
};
await database.close();

// Two versions of a 5,000-word paywalled article, 50 paragraphs of 100 words, one word changed in ten of them.
const VOCABULARY = [
  'la',
  'déclaration',
  'fiscale',
  'des',
  'entreprises',
  'soumises',
  'au',
  'régime',
  'réel',
  'taux',
];
const paragraph = (index: number, changed: boolean) =>
  `<p>${Array.from({ length: 100 }, (_, word) =>
    changed && word === 50 ? 'corrigé' : `${VOCABULARY[(index + word) % VOCABULARY.length]}${word % 7}`,
  ).join(' ')}</p>`;
const version = (changed: boolean) =>
  articleInputSchema.parse({
    id: 'BENCH1',
    publication_date: '2026-11-20T08:00:00Z',
    type: 'actualite',
    title: 'Un long article',
    summary: 'Son chapô.',
    paywalled: true,
    view: Array.from({ length: 50 }, (_, index) => paragraph(index, changed && index % 5 === 0)).join(''),
  });
const [before, after] = [version(false), version(true)];
const compare = (hasAccess: boolean) => () =>
  wordDifferences(readableText(before, hasAccess), readableText(after, hasAccess));
result.versionComparison = {
  what: 'readableText() of both versions (sanitising, the paywall gate, plain text) and the word-level diff',
  words: readableText(before, true).split(/\s+/).length,
  budgetMs: 100,
  subscriber: summary(await time(compare(true))),
  visitorWithoutAccess: summary(await time(compare(false))),
};
const file = `bench/results/reader-tools-${now.toISOString().slice(0, 10)}.json`;
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
console.log(`→ ${file}`);
