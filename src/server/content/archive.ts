import 'server-only';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { ArchiveMonth } from '@/lib/contracts/content';
import { SITE_TIME_ZONE } from '@/lib/dates';
import { MONTHS } from '@/lib/months';
import type { Db } from '../db/client';
import { articles } from '../db/schema';
import { parisMidnight } from './paris-time';

/** One month of the archive info (spec section 3 "Archive info per year"). */
export type { ArchiveMonth };

/**
 * How many articles (every content type, as the archive lists them) were published in each month of a year,
 * months counted in Paris time: always twelve entries, January first.
 */
export async function getArchiveInfo(db: Db, year: number): Promise<ArchiveMonth[]> {
  // The zone is inlined, not bound: GROUP BY must repeat the select's expression exactly, parameters included.
  const month = sql<number>`extract(month from ${articles.publicationDate} at time zone ${sql.raw(`'${SITE_TIME_ZONE}'`)})::int`;
  const rows = await db
    .select({ month, total: sql<number>`count(*)::int` })
    .from(articles)
    .where(
      and(
        gte(articles.publicationDate, parisMidnight(year, 1)),
        lt(articles.publicationDate, parisMidnight(year + 1, 1)),
      ),
    )
    .groupBy(month);
  const totals = new Map(rows.map((row) => [Number(row.month), Number(row.total)]));
  return MONTHS.map((entry) => ({
    month: entry.number,
    value: entry.value,
    total: totals.get(entry.number) ?? 0,
  }));
}
