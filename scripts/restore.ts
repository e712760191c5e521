// npm run restore -- <fichier.jsonl.gz> [--replace]: replaces every row of the database by those of a backup,
// in one transaction (on any error nothing changes). The database must have the backup's schema; a database that
// holds rows is only overwritten with --replace. On PGlite, stop the site first (it holds the data directory).
// Exit code 0 on success, 1 otherwise. docs/OPERATIONS.md, "Backups".
import { existsSync } from 'node:fs';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { restoreBackup } from '@/server/ops/backup';
import { describe, nonEmptyTables, readBackupFile } from './lib/backup-files';

const USAGE = 'Usage : npm run restore -- <fichier.jsonl.gz> [--replace]';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith('--'));
  const replace = args.includes('--replace');
  if (!file) throw new Error(USAGE);
  if (!existsSync(file)) throw new Error(`Fichier introuvable : ${file}`);
  const database = await getDatabase();
  try {
    const filled = await nonEmptyTables(database.db);
    if (filled.length > 0 && !replace)
      throw new Error(
        `La base contient déjà des données (${filled.slice(0, 5).join(', ')}…) : ajoutez --replace pour les remplacer.`,
      );
    const summary = await restoreBackup(database.db, readBackupFile(file));
    const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
    console.log(`Restauration terminée : ${Object.keys(summary.tables).length} tables, ${rows} lignes.`);
  } finally {
    await closeDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(`Restauration impossible : ${describe(error)}`);
  process.exit(1);
});
