import 'server-only';
import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Multi-row inserts in one statement with one parameter per column: each column travels as a text array and
 * `unnest` turns the arrays back into rows (`insert … select … from unnest($1::text[], $2::text[], …)`).
 * Against row-by-row VALUES lists this keeps the statement small whatever the batch size, avoids the 65,535
 * parameter limit and lets PostgreSQL parse each batch once. Works the same on PGlite and PostgreSQL.
 */

/** Anything that can run a statement: the database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

type Encoder = (value: unknown) => string | null;

/** Inserts the rows (all with the same keys, those of the first row) into the table. */
export async function insertRows<T extends PgTable>(
  executor: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(first).filter((key) => (first as Record<string, unknown>)[key] !== undefined);

  const names: SQL[] = [];
  const casts: SQL[] = [];
  const arrays: SQL[] = [];
  keys.forEach((key, index) => {
    const column = columns[key];
    if (!column) throw new Error(`Colonne inconnue ${key}`);
    const sqlType = column.getSQLType();
    const encode = encoderFor(sqlType);
    const values = rows.map((row) => encode((row as Record<string, unknown>)[key]));
    const alias = `c${index}`;
    names.push(sql`${sql.identifier(column.keyAsName ? toSnakeCase(key) : column.name)}`);
    casts.push(sql.raw(`${alias}::${castType(sqlType)}`));
    arrays.push(sql`${sql.param(values)}::text[]`);
  });

  await executor.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(casts, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.raw(keys.map((_, index) => `c${index}`).join(', '))})`,
  );
}

function castType(sqlType: string): string {
  if (sqlType === 'serial') return 'integer';
  if (sqlType === 'bigserial') return 'bigint';
  return sqlType;
}

function encoderFor(sqlType: string): Encoder {
  if (sqlType === 'jsonb' || sqlType === 'json')
    return (value) => (value == null ? null : JSON.stringify(value));
  if (sqlType.endsWith('[]'))
    return (value) => (value == null ? null : arrayLiteral(value as readonly unknown[]));
  return (value) => {
    if (value == null) return null;
    if (value instanceof Date) return value.toISOString();
    return String(value);
  };
}

/** A PostgreSQL array literal: {"a","b \"c\""}; null elements as NULL. */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) =>
    item == null ? 'NULL' : `"${String(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

/**
 * Runs `write` with the GIN indexes of the tables dropped, then rebuilds each from its own definition: one index
 * build costs a fraction of maintaining GIN indexes row by row during a bulk load. Meant for the seed's
 * transaction, so the indexes are back (or their drop undone) whatever happens.
 */
export async function withGinIndexesDeferred(
  executor: Executor,
  tables: readonly PgTable[],
  write: () => Promise<void>,
): Promise<void> {
  const names = tables.map((table) => getTableName(table));
  const result = (await executor.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = any(${sql.param(names)}::text[]) and indexdef like '% USING gin %' order by indexname`,
  )) as unknown as { rows: { name: string; definition: string }[] };
  for (const index of result.rows) await executor.execute(sql`drop index ${sql.identifier(index.name)}`);
  await write();
  for (const index of result.rows) await executor.execute(sql.raw(index.definition));
}
