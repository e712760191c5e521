import 'server-only';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type BackupLine, backupLine } from '@/lib/contracts/operations';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

/**
 * Logical backups of the whole database, the same on PGlite and PostgreSQL (docs/OPERATIONS.md, "Backups").
 *
 * Generic over the schema: every table of the `public` schema is copied, whatever its columns, so tables added
 * later (staff, audit log, jobs, consent…) need no change here. Read in one repeatable-read, read-only
 * transaction: a consistent snapshot while the site keeps running (on PGlite the dump runs inside the server
 * process, which alone may open the data directory, and the site waits while it runs).
 *
 * Format: JSON lines, gzip-compressed by the callers. A header (format, the schema's migrations), then per table a
 * line naming it and its columns, then lines of at most BATCH_ROWS rows as JSON objects (`row_to_json`, whose
 * text forms PostgreSQL reads back: timestamps, arrays, bytea, tsvector, json). A restore inserts them with
 * `json_populate_recordset`, parents before children (foreign keys), then moves every sequence past its column's
 * largest value.
 */

export const BACKUP_FORMAT = 'la-quotidienne-backup';
const FORMAT_VERSION = 1;
const BATCH_ROWS = 1_000;

/** The lines' shapes are the backup contract's (src/lib/contracts/operations.ts, GET /api/ops/backup). */
type Header = Extract<BackupLine, { kind: 'header' }>;

export type BackupSummary = { tables: Record<string, number> };

/** The tables of the application, parents before the tables whose foreign keys point at them. */
export async function applicationTables(db: Pick<Db, 'execute'>): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).map((row) => row.name);
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { child, parent } of references) if (child === table) visit(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/** The migrations applied to this database (drizzle's journal), which a restore must match. */
async function appliedMigrations(db: Pick<Db, 'execute'>): Promise<string[]> {
  const rows = await queryRows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((row) => row.hash);
}

/** Columns a restore writes: generated ones are computed by the database. */
async function writableColumns(db: Pick<Db, 'execute'>, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((row) => row.name);
}

/** Writes a consistent backup of every table as JSON lines to `output` (not ended). */
export async function writeBackup(db: Db, output: Writable): Promise<BackupSummary> {
  const summary: BackupSummary = { tables: {} };
  const write = (line: BackupLine) => writeLine(output, `${JSON.stringify(line)}\n`);
  await db.transaction(
    async (tx) => {
      await write({
        kind: 'header',
        format: BACKUP_FORMAT,
        version: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        migrations: await appliedMigrations(tx),
      });
      for (const table of await applicationTables(tx)) {
        await write({ kind: 'table', name: table, columns: await writableColumns(tx, table) });
        summary.tables[table] = 0;
        const cursor = `backup_${table}`;
        await tx.execute(
          sql.raw(`declare ${quoteIdentifier(cursor)} no scroll cursor for
          select row_to_json(t)::text as row from public.${quoteIdentifier(table)} t`),
        );
        for (;;) {
          const rows = await queryRows<{ row: string }>(
            tx,
            sql.raw(`fetch forward ${BATCH_ROWS} from ${quoteIdentifier(cursor)}`),
          );
          if (rows.length === 0) break;
          summary.tables[table] += rows.length;
          await write({ kind: 'rows', table, rows: rows.map((row) => JSON.parse(row.row)) });
        }
        await tx.execute(sql.raw(`close ${quoteIdentifier(cursor)}`));
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return summary;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export const BACKUP_ABANDONED_MESSAGE = 'Sauvegarde interrompue : son destinataire est parti.';

/**
 * Resolves once `output` took the line, and rejects as soon as `output` is closed: the callback of a write that
 * nobody reads any more never comes, and the backup's transaction (PGlite's one connection) would wait for ever.
 */
function writeLine(output: Writable, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const abandoned = () => reject(new BackupError(BACKUP_ABANDONED_MESSAGE));
    if (output.destroyed) return abandoned();
    output.once('close', abandoned);
    output.write(text, (error) => {
      output.off('close', abandoned);
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Replaces every row of the database by those of a backup read from `input` (JSON lines), in one transaction:
 * on any error nothing changes. The database must have the backup's schema (the same migrations).
 */
export async function restoreBackup(db: Db, input: Readable): Promise<BackupSummary> {
  const summary: BackupSummary = { tables: {} };
  await db.transaction(async (tx) => {
    let header: Header | undefined;
    let columns: string[] = [];
    const tables = await applicationTables(tx);
    // Read from here on: lines a reader emits before its iteration starts would be lost.
    const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const text of lines) {
      if (!text) continue;
      const line = readLine(text);
      if (!header) {
        if (line.kind !== 'header' || line.format !== BACKUP_FORMAT || line.version !== FORMAT_VERSION)
          throw new BackupError("Ce fichier n'est pas une sauvegarde de La Quotidienne.");
        header = line;
        const migrations = await appliedMigrations(tx);
        if (migrations.join() !== header.migrations.join())
          throw new BackupError(
            `La sauvegarde vient d'un autre schéma (${header.migrations.length} migrations, la base en a ${migrations.length}) : restaurez-la avec la version du site qui l'a faite.`,
          );
        // Every table is emptied before any row comes in. Our triggers are off first: those that derive rows
        // from others (the search lexicon from the articles) while the backup brings those rows itself, and the
        // audit log's append-only guard, which a restore replaces with the backup's own log. Foreign keys stay on.
        const all = tables.map((table) => `public.${quoteIdentifier(table)}`);
        for (const table of all) await tx.execute(sql.raw(`alter table ${table} disable trigger user`));
        await tx.execute(sql.raw(`truncate ${all.join(', ')} cascade`));
        continue;
      }
      if (line.kind === 'table') {
        if (!tables.includes(line.name))
          throw new BackupError(`Table inconnue dans la sauvegarde : ${line.name}`);
        const present = new Set(await writableColumns(tx, line.name));
        columns = line.columns.filter((column) => present.has(column));
        summary.tables[line.name] = 0;
        continue;
      }
      if (line.kind === 'rows') {
        const list = columns.map(quoteIdentifier).join(', ');
        const table = `public.${quoteIdentifier(line.table)}`;
        await tx.execute(
          sql`${sql.raw(`insert into ${table} (${list}) overriding system value select ${list} from json_populate_recordset(null::${table}, `)}${JSON.stringify(line.rows)}::json)`,
        );
        summary.tables[line.table] = (summary.tables[line.table] ?? 0) + line.rows.length;
      }
    }
    if (!header) throw new BackupError('Sauvegarde vide.');
    for (const table of tables)
      await tx.execute(sql.raw(`alter table public.${quoteIdentifier(table)} enable trigger user`));
    await resetSequences(tx);
  });
  return summary;
}

/** A line of a backup file, parsed by its contract: anything else is not a backup (or a damaged one). */
function readLine(text: string): BackupLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const line = z.safeParse(backupLine, value);
  if (!line.success) throw new BackupError("Ce fichier n'est pas une sauvegarde de La Quotidienne.");
  return line.data;
}

/** Moves every sequence owned by a column past the column's largest value, as after the original inserts. */
async function resetSequences(db: Pick<Db, 'execute'>): Promise<void> {
  const owned = await queryRows<{ sequence: string; table: string; column: string }>(
    db,
    sql`select s.relname as sequence, t.relname as table, a.attname as column from pg_depend d
        join pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        join pg_namespace n on n.oid = t.relnamespace
        where d.deptype in ('a', 'i') and n.nspname = 'public'`,
  );
  for (const { sequence, table, column } of owned) {
    await db.execute(
      sql.raw(`select setval('public.${quoteIdentifier(sequence)}',
        coalesce((select max(${quoteIdentifier(column)}) from public.${quoteIdentifier(table)}), 1),
        (select count(*) > 0 from public.${quoteIdentifier(table)}))`),
    );
  }
}

/** Row count and a checksum of every table's rows (md5 of their sorted text forms), to compare two databases. */
export async function tableChecksums(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  const result: Record<string, { rows: number; md5: string }> = {};
  await db.transaction(
    async (tx) => {
      // The text of a timestamp depends on the session's time zone: one for both databases compared.
      await tx.execute(sql`set local timezone to 'UTC'`);
      await tx.execute(sql`set local datestyle to 'ISO, YMD'`);
      for (const table of (await applicationTables(tx)).sort()) {
        const [row] = await queryRows<{ rows: string | number; md5: string | null }>(
          tx,
          sql.raw(`select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
                   from public.${quoteIdentifier(table)} t`),
        );
        result[table] = { rows: Number(row?.rows ?? 0), md5: row?.md5 ?? '' };
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return result;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
