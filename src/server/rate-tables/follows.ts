import 'server-only';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { formatLongDate } from '@/lib/dates';
import { diffVersions, formatRateCell, type RateVersionLike } from '@/lib/rate-tables';
import { DAILY_NAME } from '@/lib/site';
import { siteLink } from '../accounts/emails';
import type { Db } from '../db/client';
import { customers, rateTableFollows, rateTables } from '../db/schema';
import { html } from '../email/html';
import { queueEmail } from '../email/outbox';
import { emailButton, emailParagraph, renderEmail } from '../email/render';
import { AppError } from '../http/errors';
import type { RateTableWithHistory } from './tables';

export const UNKNOWN_RATE_TABLE_MESSAGE = 'Tableau introuvable.';

/** "Suivre" a table, or stop; 404 for a table that does not exist. */
export async function setRateTableFollow(
  db: Db,
  customerId: number,
  tableId: string,
  following: boolean,
): Promise<void> {
  if (!following) {
    await db
      .delete(rateTableFollows)
      .where(and(eq(rateTableFollows.customerId, customerId), eq(rateTableFollows.tableId, tableId)));
    return;
  }
  const [table] = await db.select({ id: rateTables.id }).from(rateTables).where(eq(rateTables.id, tableId));
  if (!table) throw new AppError('not_found', UNKNOWN_RATE_TABLE_MESSAGE);
  await db.insert(rateTableFollows).values({ customerId, tableId }).onConflictDoNothing();
}

export async function isFollowingRateTable(db: Db, customerId: number, tableId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(rateTableFollows)
    .where(and(eq(rateTableFollows.customerId, customerId), eq(rateTableFollows.tableId, tableId)));
  return row !== undefined;
}

/**
 * The e-mail of a new version to every reader who follows the table (confirmed addresses only), queued in the
 * publication's transaction: sent if and only if the version is. It lists the rows that changed.
 */
export async function queueNewVersionEmails(
  db: Db,
  table: Pick<RateTableWithHistory, 'id' | 'title' | 'path' | 'columns' | 'versions'>,
  version: RateVersionLike & { source: string },
): Promise<number> {
  const followers = await db
    .select({ email: customers.email, firstname: customers.firstname })
    .from(rateTableFollows)
    .innerJoin(customers, eq(customers.id, rateTableFollows.customerId))
    .where(and(eq(rateTableFollows.tableId, table.id), isNotNull(customers.emailConfirmedAt)));
  if (followers.length === 0) return 0;
  const previous = table.versions.filter((entry) => entry.effectiveFrom < version.effectiveFrom).at(-1);
  const differences = diffVersions(table.columns, previous, version);
  const unitOf = (label: string) => table.columns.find((column) => column.label === label)?.unit;
  const link = siteLink(table.path);
  const subject = `${table.title} : nouvelles valeurs au ${formatLongDate(version.effectiveFrom)}`;
  const changes = differences.flatMap((difference) =>
    difference.cells.map(
      (cell) =>
        html`<li>${difference.label}, ${cell.column} : ${formatRateCell(cell.before, unitOf(cell.column))} → ${formatRateCell(cell.after, unitOf(cell.column))}</li>`,
    ),
  );
  for (const follower of followers) {
    const { html: htmlPart, text } = renderEmail({
      subject,
      preheader: `En vigueur à partir du ${formatLongDate(version.effectiveFrom)}.`,
      body: html`${emailParagraph(`Bonjour ${follower.firstname},`)}
${emailParagraph(`Une nouvelle version du tableau « ${table.title} », que vous suivez, est publiée : elle s’applique à partir du ${formatLongDate(version.effectiveFrom)}.`)}
${changes.length > 0 ? html`<ul style="margin:0 0 14px;padding-left:20px;font:15px/1.55 Arial,Helvetica,sans-serif;color:#1a1f2b">${changes}</ul>` : ''}
${emailParagraph(`Base légale : ${version.source}`)}
${emailButton('Voir le tableau', link)}`,
      footer: html`Vous recevez cet e-mail parce que vous suivez ce tableau sur ${DAILY_NAME}. Pour ne plus le suivre, utilisez le bouton « Ne plus suivre » de <a href="${link}">sa page</a>.`,
    });
    await queueEmail(db, {
      to: follower.email,
      subject,
      html: htmlPart,
      text,
      category: 'rate-table-version',
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  }
  return followers.length;
}
