// npm start: migrates the database, seeds demo content into an empty one while building if needed, then serves the
// site.
import path from 'node:path';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { refuseDataDirInUse } from '@/server/db/durable-pglite';
import { emailFolder } from '@/server/email/transport';
import { ConfigurationError, type Env, parseEnv } from '@/server/env';
import { DEFAULT_ARTICLES, DEFAULT_DOCUMENTS, isSeeded, seedDatabase } from '@/server/seed';
import { ensureDemoStaff } from '@/server/staff/bootstrap';
import { type Build, runServer, startBuildIfNeeded } from './lib/build';

async function openDatabase() {
  const database = await getDatabase().catch((error: unknown) => {
    throw new Error(`Base de données injoignable ou migration impossible : ${describe(error)}`);
  });
  console.log(`Base de données prête (${database.driver}, migrations à jour).`);
  return database;
}

async function fillDatabase(database: Awaited<ReturnType<typeof getDatabase>>): Promise<void> {
  const started = Date.now();
  if (!(await isSeeded(database.db))) {
    console.log('Base vide : génération du contenu de démonstration…');
    let lastStep = '';
    await seedDatabase(database.db, {
      articles: DEFAULT_ARTICLES,
      documents: DEFAULT_DOCUMENTS,
      today: new Date(),
      reset: false,
      onProgress: (step: string) => {
        if (step !== lastStep) console.log(`  • ${step}`);
        lastStep = step;
      },
    });
    console.log(`Contenu de démonstration prêt en ${Math.round((Date.now() - started) / 1000)} s.`);
  }
  // Development only: one newsroom account per role, with a new random password at each start printed here, so a
  // developer can sign in at once and no password of the source opens a newsroom left reachable.
  const demoStaff = await ensureDemoStaff(database.db);
  if (demoStaff.length > 0) {
    console.log(
      [
        'Comptes de démonstration de la rédaction (/redaction), mots de passe renouvelés à chaque démarrage :',
        ...demoStaff,
      ].join('\n'),
    );
  }
  // PGlite allows one process per data directory: the server opens it again once this one is closed.
  await closeDatabase();
}

/** Says where e-mails go when no SMTP server is set: a folder in development, nowhere (queued) in production. */
function reportEmailDelivery(config: Env): void {
  if (config.SMTP_URL) return;
  if (config.APP_ENV === 'production') {
    console.warn('Attention : SMTP_URL manquant, les e-mails restent dans la file jusqu’à sa configuration.');
  } else {
    console.log(`E-mails (pas de SMTP_URL) : écrits dans ${emailFolder(config)}`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function main(): Promise<void> {
  const config = parseEnv(process.env);
  // The build never opens the database: it runs beside the migrations and the seed, which take as long on a fresh
  // clone. What can stop the start is reported in seconds, before a build: a PostgreSQL server unreachable (opened
  // first), an embedded data directory another process has open (checked first; opening it, initdb and the
  // migrations on a fresh clone, then runs beside the build).
  const embedded = !config.DATABASE_URL;
  if (embedded) refuseDataDirInUse(path.resolve(config.DATA_DIR));
  let buildStarted = Date.now();
  const stopping = (build: Build | null) => (error: unknown) => {
    build?.stop();
    throw error;
  };
  const earlyBuild = embedded ? startBuildIfNeeded() : null;
  const database = await openDatabase().catch(stopping(earlyBuild));
  if (!embedded) buildStarted = Date.now();
  const build: Build | null = embedded ? earlyBuild : startBuildIfNeeded();
  await fillDatabase(database).catch(stopping(build));
  reportEmailDelivery(config);
  if (build) {
    await build.finished;
    console.log(`Site construit en ${Math.round((Date.now() - buildStarted) / 1000)} s.`);
  }
  // Our server (scripts/serve.ts) stops gracefully on SIGTERM: requests in flight finish, the database closes.
  const server = runServer(['--port', String(config.PORT)]);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError) console.error(error.message);
  else console.error(`Démarrage impossible : ${describe(error)}`);
  process.exit(1);
});
