import 'server-only';
import { count, eq } from 'drizzle-orm';
import type {
  AdminRateTableAnswer,
  AdminRateTableListAnswer,
  RateVersionCreateBody,
} from '@/lib/contracts/rate-tables-admin';
import { diffVersions } from '@/lib/rate-tables';
import { tagsOfRateTableChange } from '../content/cache-tags';
import { refreshReaders } from '../content/readers';
import type { Db } from '../db/client';
import { rateTableFollows, rateTableVersions } from '../db/schema';
import { AppError } from '../http/errors';
import { recordPublicChange } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import { queueNewVersionEmails, UNKNOWN_RATE_TABLE_MESSAGE } from './follows';
import { getRateTable, listRateTables, type RateTableWithHistory } from './tables';

const VERSION_EXISTS_MESSAGE =
  'Une version existe déjà à cette date d’effet : publiez une nouvelle version à une autre date.';

async function tableOrNotFound(db: Db, id: string): Promise<RateTableWithHistory> {
  const table = await getRateTable(db, id);
  if (!table) throw new AppError('not_found', UNKNOWN_RATE_TABLE_MESSAGE);
  return table;
}

/** The newsroom's list: every table, its latest effective date and how many versions it has. */
export async function adminRateTableList(db: Db): Promise<AdminRateTableListAnswer> {
  const [{ items }, counts] = await Promise.all([
    listRateTables(db),
    db
      .select({ tableId: rateTableVersions.tableId, n: count() })
      .from(rateTableVersions)
      .groupBy(rateTableVersions.tableId),
  ]);
  const versionCount = new Map(counts.map((row) => [row.tableId, Number(row.n)]));
  return {
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      latestEffectiveFrom: item.effectiveFrom,
      versionCount: versionCount.get(item.id) ?? 0,
    })),
  };
}

/** The newsroom's view of a table: versions newest first, each with the rows that changed from the one before. */
export async function adminRateTable(db: Db, id: string): Promise<AdminRateTableAnswer> {
  const table = await tableOrNotFound(db, id);
  const [followers] = await db
    .select({ n: count() })
    .from(rateTableFollows)
    .where(eq(rateTableFollows.tableId, id));
  return {
    id: table.id,
    title: table.title,
    columns: table.columns,
    followers: Number(followers?.n ?? 0),
    versions: table.versions
      .map((version, index) => ({
        effectiveFrom: version.effectiveFrom,
        source: version.source,
        rows: version.rows,
        publishedAt: version.publishedAt.toISOString(),
        differences: diffVersions(table.columns, table.versions[index - 1], version),
      }))
      .reverse(),
  };
}

/**
 * Publishes a new version from its effective date on. An existing version is never written over (409): a
 * correction is a new version. Followers' e-mails, the audit entry and the pages' refresh go with the commit.
 */
export async function publishRateVersion(
  db: Db,
  principal: StaffPrincipal,
  id: string,
  body: RateVersionCreateBody,
): Promise<AdminRateTableAnswer> {
  const table = await tableOrNotFound(db, id);
  const width = table.columns.length;
  const badRow = body.rows.findIndex(
    (row) => row.length !== width || typeof row[0] !== 'string' || row[0] === '',
  );
  if (badRow !== -1) {
    throw new AppError('bad_request', 'Ligne invalide.', [
      {
        field: `rows.${badRow}`,
        message: `chaque ligne a ${width} cellules et commence par son libellé`,
      },
    ]);
  }
  const labels = body.rows.map((row) => String(row[0]));
  if (new Set(labels).size !== labels.length) {
    throw new AppError('bad_request', 'Ligne invalide.', [
      { field: 'rows', message: 'deux lignes portent le même libellé' },
    ]);
  }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const inserted = await tx
      .insert(rateTableVersions)
      .values({ tableId: id, ...body, publishedBy: principal.staffId })
      .onConflictDoNothing()
      .returning({ effectiveFrom: rateTableVersions.effectiveFrom });
    if (inserted.length === 0) throw new AppError('conflict', VERSION_EXISTS_MESSAGE);
    const followers = await queueNewVersionEmails(txDb, table, body);
    await recordPublicChange(
      tx,
      tagsOfRateTableChange(id),
      principal,
      'rates.publish',
      { type: 'rate_table', id },
      { effectiveFrom: body.effectiveFrom, followers },
    );
  });
  await refreshReaders(tagsOfRateTableChange(id));
  return adminRateTable(db, id);
}
