// npm run seed -- [--articles N] [--documents N] [--today AAAA-MM-JJ] [--reset]: fills the database with the
// deterministic demo content (same options, same data). Uses the process database: PostgreSQL when DATABASE_URL
// is set, PGlite under DATA_DIR otherwise. Exit code 0 on success, 1 otherwise.
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { z } from 'zod';
import { parisIsoDay } from '@/lib/dates';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { ConfigurationError } from '@/server/env';
import { DEFAULT_ARTICLES, DEFAULT_DOCUMENTS, MIN_ARTICLES, seedDatabase } from '@/server/seed';

const USAGE = `Usage : npm run seed -- [--articles N] [--documents N] [--today AAAA-MM-JJ] [--reset]
  --articles N      nombre d'articles (au moins ${MIN_ARTICLES}, ${DEFAULT_ARTICLES} par défaut)
  --documents N     nombre de documents abonnés (${DEFAULT_DOCUMENTS} par défaut)
  --today DATE      dernier jour de contenu (aujourd'hui par défaut)
  --reset           vide le contenu existant puis le régénère (clients et abonnés conservés)`;

const MAX_ARTICLES = 5_000_000;
const MAX_DOCUMENTS = 50_000_000;

const count = (min: number, max: number) =>
  z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(min, `doit être au moins ${min.toLocaleString('fr-FR')}`)
    .max(max, `doit être au plus ${max.toLocaleString('fr-FR')}`);

const flagsSchema = z.object({
  articles: count(MIN_ARTICLES, MAX_ARTICLES).default(DEFAULT_ARTICLES),
  documents: count(0, MAX_DOCUMENTS).default(DEFAULT_DOCUMENTS),
  today: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'doit être une date AAAA-MM-JJ')
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, "n'est pas une date valide")
    .refine((value) => value > '2015-01-15', 'doit être postérieure au 15 janvier 2015')
    .optional(),
  reset: z.boolean().default(false),
  help: z.boolean().default(false),
});

type Flags = z.infer<typeof flagsSchema>;

class UsageError extends Error {}

/** The flags, or a UsageError naming the bad one in French. */
function readFlags(argv: string[]): Flags {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        articles: { type: 'string' },
        documents: { type: 'string' },
        today: { type: 'string' },
        reset: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const option = /'(-{1,2}[\w-]+)/.exec((error as Error).message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Option inconnue : ${option}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError(`Option ${option} : valeur manquante`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError(`Argument inattendu : ${/'([^']+)'/.exec((error as Error).message)?.[1] ?? ''}`);
    }
    throw error;
  }
  const result = flagsSchema.safeParse(values);
  if (!result.success) {
    throw new UsageError(
      result.error.issues.map((issue) => `Option --${issue.path.join('.')} : ${issue.message}`).join('\n'),
    );
  }
  return result.data;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const number = (value: number) => value.toLocaleString('fr-FR');
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} s`;

async function main(): Promise<number> {
  let flags: Flags;
  try {
    flags = readFlags(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    console.error(USAGE);
    return 1;
  }
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }

  const todayIso = flags.today ?? parisIsoDay(new Date());
  const started = Date.now();
  const bar = process.stderr.isTTY
    ? new SingleBar({ format: '{step} {bar} {value}/{total}', stream: process.stderr, hideCursor: true })
    : null;
  let currentStep = '';
  let stepStarted = started;
  const finished = new Set<string>();
  try {
    const database = await getDatabase();
    console.log(
      `Génération du contenu de démonstration (${database.driver}) : ${number(flags.articles)} articles, ${number(flags.documents)} documents, jusqu'au ${todayIso}${flags.reset ? ', après remise à zéro' : ''}.`,
    );
    const result = await seedDatabase(database.db, {
      articles: flags.articles,
      documents: flags.documents,
      today: new Date(`${todayIso}T00:00:00Z`),
      reset: flags.reset,
      onProgress: (step, done, total) => {
        if (step !== currentStep) {
          currentStep = step;
          stepStarted = Date.now();
          bar?.start(total, done, { step: step.padEnd(12) });
        }
        bar?.update(done, { step: step.padEnd(12) });
        if (done === total && !finished.has(step)) {
          finished.add(step);
          bar?.stop();
          console.log(`  ${step} : ${number(total)} en ${seconds(Date.now() - stepStarted)}`);
        }
      },
    });
    if (!result.seeded) {
      console.log('La base contient déjà du contenu : rien à faire (--reset pour le régénérer).');
    }
    console.log('Lignes par table :');
    for (const [table, rows] of Object.entries(result.counts))
      console.log(`  ${table.padEnd(20)} ${number(rows)}`);
    const cpu = process.cpuUsage();
    console.log(
      `Terminé en ${seconds(Date.now() - started)} (temps processeur du générateur : ${seconds((cpu.user + cpu.system) / 1000)}).`,
    );
    return 0;
  } catch (error) {
    bar?.stop();
    if (error instanceof ConfigurationError) console.error(error.message);
    else console.error(`Génération annulée, rien n'a été écrit : ${describe(error)}`);
    return 1;
  } finally {
    await closeDatabase();
  }
}

process.exitCode = await main();
