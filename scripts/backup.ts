// npm run backup -- [fichier.jsonl.gz]: a consistent backup of the database while the site runs.
// PostgreSQL (DATABASE_URL): read directly in one repeatable-read snapshot. PGlite: asked of the running site
// (GET /api/ops/backup on this machine, PORT), which alone may open the data directory; when the site is stopped,
// the data directory is opened here. Exit code 0 on success, 1 otherwise. docs/OPERATIONS.md, "Backups".
import { Readable } from 'node:stream';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { dataDirLockFile, lockHolder } from '@/server/db/durable-pglite';
import { parseEnv } from '@/server/env';
import { backupStream, describe, writeGzipFile } from './lib/backup-files';

async function main(): Promise<void> {
  const config = parseEnv(process.env);
  const stamp = new Date().toISOString().replaceAll(':', '-').replace(/\..*$/, '');
  const file = process.argv[2] ?? `sauvegardes/la-quotidienne-${stamp}.jsonl.gz`;
  if (!config.DATABASE_URL && lockHolder(dataDirLockFile(config.DATA_DIR)) !== undefined) {
    // The site has the data directory: it makes the backup itself.
    const url = `http://127.0.0.1:${config.PORT}/api/ops/backup`;
    const response = await fetch(url).catch((error: unknown) => {
      throw new Error(
        `Le site tient le dossier de données mais ne répond pas sur ${url} : ${describe(error)}`,
      );
    });
    if (!response.ok || !response.body)
      throw new Error(`Le site a refusé la sauvegarde (${response.status}) : ${await response.text()}`);
    // Already gzip: written as it comes, through the same temporary name.
    const { createGunzip } = await import('node:zlib');
    await writeGzipFile(file, Readable.fromWeb(response.body as never).pipe(createGunzip()));
  } else {
    const database = await getDatabase();
    try {
      await writeGzipFile(file, backupStream(database.db));
    } finally {
      await closeDatabase();
    }
  }
  console.log(`Sauvegarde écrite : ${file}`);
}

main().catch((error: unknown) => {
  console.error(`Sauvegarde impossible : ${describe(error)}`);
  process.exit(1);
});
