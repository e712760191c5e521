// npm run db:to-postgres -- <postgres://…> [--replace]: copies the embedded database (PGlite under DATA_DIR) to
// PostgreSQL, every row of every table, then compares row counts and checksums table by table. The target is
// migrated first; one that holds rows is only overwritten with --replace. Stop the site first (it holds the data
// directory). Exit code 0 when the copy is identical, 1 otherwise. docs/OPERATIONS.md, "Moving to PostgreSQL".
import path from 'node:path';
import { openDatabase } from '@/server/db/client';
import { parseEnv } from '@/server/env';
import { restoreBackup } from '@/server/ops/backup';
import { backupStream, compareDatabases, describe, nonEmptyTables } from './lib/backup-files';

const USAGE = 'Usage : npm run db:to-postgres -- postgres://utilisateur:motdepasse@hôte/base [--replace]';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const url = args.find((arg) => !arg.startsWith('--'));
  if (!url) throw new Error(USAGE);
  // Validated like DATABASE_URL itself.
  const target = parseEnv({ DATABASE_URL: url }).DATABASE_URL as string;
  const dataDir = path.resolve(parseEnv(process.env).DATA_DIR);
  const source = await openDatabase({ driver: 'pglite', dataDir });
  try {
    const destination = await openDatabase({ driver: 'postgres', url: target, maxConnections: 4 });
    try {
      const filled = await nonEmptyTables(destination.db);
      if (filled.length > 0 && !args.includes('--replace'))
        throw new Error(
          `La base PostgreSQL contient déjà des données (${filled.slice(0, 5).join(', ')}…) : ajoutez --replace pour les remplacer.`,
        );
      console.log(`Copie de ${dataDir} vers PostgreSQL…`);
      await restoreBackup(destination.db, backupStream(source.db));
      if (!(await compareDatabases(source, destination))) throw new Error('la copie diffère de la source');
      console.log('Copie identique. Démarrez le site avec DATABASE_URL.');
    } finally {
      await destination.close();
    }
  } finally {
    await source.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Copie impossible : ${describe(error)}`);
  process.exit(1);
});
