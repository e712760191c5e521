// Helpers of `npm run backup`, `npm run restore` and `npm run db:to-postgres` (docs/OPERATIONS.md, "Backups").
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '@/server/db/client';
import { applicationTables, tableChecksums, writeBackup } from '@/server/ops/backup';

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Writes a gzip file through a temporary name: a backup cut short never looks like a whole one. */
export async function writeGzipFile(file: string, source: Readable): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partiel`;
  try {
    await pipeline(source, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** A backup of an open database as a stream of JSON lines. */
export function backupStream(db: Db): Readable {
  const lines = new PassThrough();
  writeBackup(db, lines).then(
    () => lines.end(),
    (error: unknown) => lines.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return lines;
}

/** The JSON lines of a backup file (gzip, or plain JSON lines). */
export function readBackupFile(file: string): Readable {
  const input = createReadStream(file);
  if (!file.endsWith('.gz')) return input;
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  return input.pipe(gunzip);
}

/** The tables that hold rows, to refuse overwriting a database in use without --replace. */
export async function nonEmptyTables(db: Db): Promise<string[]> {
  const tables = await applicationTables(db);
  const filled: string[] = [];
  for (const table of tables) {
    const result = (await db.execute(
      sql.raw(`select exists (select 1 from public."${table.replaceAll('"', '""')}") as filled`),
    )) as { rows: { filled: boolean }[] };
    if (result.rows[0]?.filled) filled.push(table);
  }
  return filled;
}

/** Prints the row counts of two databases side by side; true when every count and checksum is equal. */
export async function compareDatabases(from: Database, to: Database): Promise<boolean> {
  const [expected, actual] = await Promise.all([tableChecksums(from.db), tableChecksums(to.db)]);
  let equal = true;
  for (const [table, { rows, md5 }] of Object.entries(expected)) {
    const copy = actual[table];
    const same = copy?.rows === rows && copy.md5 === md5;
    equal &&= same;
    console.log(
      `  ${same ? '✓' : '✗'} ${table} : ${rows} ligne(s)${same ? '' : ` (copie : ${copy?.rows ?? 0})`}`,
    );
  }
  return equal && Object.keys(actual).length === Object.keys(expected).length;
}
