import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { RateTableAnswer, RateTableListAnswer } from '@/lib/contracts/rate-tables';
import { rateTablePath } from '@/lib/rate-tables';
import type { Db } from '../db/client';
import { rateTables, rateTableVersions } from '../db/schema';

/** A table with its versions, oldest first, each with when it was published. */
export type RateTableWithHistory = Omit<RateTableAnswer, 'versions'> & {
  topic: string;
  versions: (RateTableAnswer['versions'][number] & { publishedAt: Date })[];
};

/** Every table (title order) with its page and the effective date of the values in force today or last. */
export async function listRateTables(db: Db): Promise<RateTableListAnswer> {
  const rows = await db
    .select({ id: rateTables.id, title: rateTables.title, effectiveFrom: rateTableVersions.effectiveFrom })
    .from(rateTables)
    .innerJoin(rateTableVersions, eq(rateTableVersions.tableId, rateTables.id))
    .orderBy(asc(rateTables.title), asc(rateTableVersions.effectiveFrom));
  const latest = new Map<string, { id: string; title: string; effectiveFrom: string }>();
  for (const row of rows) latest.set(row.id, row);
  return {
    items: [...latest.values()].map((row) => ({ ...row, path: rateTablePath(row.id) })),
  };
}

/** One table and all its versions, or null when there is no such table. */
export async function getRateTable(db: Db, id: string): Promise<RateTableWithHistory | null> {
  const [table] = await db.select().from(rateTables).where(eq(rateTables.id, id));
  if (!table) return null;
  const versions = await db
    .select({
      effectiveFrom: rateTableVersions.effectiveFrom,
      source: rateTableVersions.source,
      rows: rateTableVersions.rows,
      publishedAt: rateTableVersions.publishedAt,
    })
    .from(rateTableVersions)
    .where(eq(rateTableVersions.tableId, id))
    .orderBy(asc(rateTableVersions.effectiveFrom));
  return {
    id: table.id,
    title: table.title,
    path: rateTablePath(table.id),
    topic: table.topic,
    description: table.description,
    columns: table.columns,
    chartColumn: table.chartColumn,
    versions,
  };
}

/** The answer of GET /api/rates/{id}: the table without what only the newsroom needs. */
export function publicRateTable(table: RateTableWithHistory): RateTableAnswer {
  return {
    id: table.id,
    title: table.title,
    path: table.path,
    description: table.description,
    columns: table.columns,
    chartColumn: table.chartColumn,
    versions: table.versions.map(({ effectiveFrom, source, rows }) => ({ effectiveFrom, source, rows })),
  };
}
