import 'server-only';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, eq, gt, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Subscriber,
  SubscriberDailyAnswer,
  SubscriberListAnswer,
  SubscriberResubscribeAnswer,
  subscriberListQuery,
} from '@/lib/contracts/subscribers';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { newsletterSubscribers } from '../db/schema';
import { AppError } from '../http/errors';
import { recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import { isConfirmedSubscriber } from './subscribers';
import { subscribe } from './subscriptions';

// Newsletter subscribers in the newsroom: list and search, unsubscribe one, CSV export, counts
// by day. Who counts as subscribed is `isConfirmedSubscriber`, as for sending.

const PER_PAGE = 50;
const EXPORT_BATCH = 1_000;

function toSubscriber(row: typeof newsletterSubscribers.$inferSelect): Subscriber {
  const { email, active, source, subscribedAt, unsubscribedAt, name, trade, consentSource, consentDate } =
    row;
  return {
    email,
    active,
    source,
    subscribedAt: subscribedAt.toISOString(),
    unsubscribedAt: unsubscribedAt?.toISOString() ?? null,
    name,
    trade,
    consentSource,
    consentDate,
  };
}

/** GET /api/admin/subscribers: by address, filtered by words of the address and status. */
export async function listSubscribers(
  db: Db,
  query: z.output<typeof subscriberListQuery>,
): Promise<SubscriberListAnswer> {
  const where = and(
    query.q ? ilike(newsletterSubscribers.email, `%${query.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    query.status === 'active' ? isConfirmedSubscriber : undefined,
    query.status === 'inactive' ? sql`not ${isConfirmedSubscriber}` : undefined,
  );
  const [rows, [total], [counts]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(asc(newsletterSubscribers.email))
      .limit(PER_PAGE)
      .offset((query.page - 1) * PER_PAGE),
    db.select({ value: count() }).from(newsletterSubscribers).where(where),
    db
      .select({
        active: sql<number>`(count(*) filter (where ${isConfirmedSubscriber}))::int`,
        inactive: sql<number>`(count(*) filter (where not ${isConfirmedSubscriber}))::int`,
      })
      .from(newsletterSubscribers),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    items: rows.map(toSubscriber),
    total: totalCount,
    page: query.page,
    pageCount: Math.ceil(totalCount / PER_PAGE),
    counts: { active: counts?.active ?? 0, inactive: counts?.inactive ?? 0 },
  };
}

/** POST /api/admin/subscribers/unsubscribe: one address stops receiving the newsletter (404 if unknown). */
export async function unsubscribeByStaff(
  db: Db,
  principal: StaffPrincipal,
  email: string,
): Promise<Subscriber> {
  const normalized = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({
        active: false,
        unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`,
      })
      .where(eq(newsletterSubscribers.email, normalized))
      .returning();
    if (!row) throw new AppError('not_found', 'Aucun abonné à cette adresse.');
    await recordAudit(tx, principal, 'subscriber.unsubscribe', { type: 'subscriber', id: normalized });
    return toSubscriber(row);
  });
}

/**
 * POST /api/admin/subscribers/resubscribe: an address that left (or was unsubscribed by mistake) gets the
 * subscription's confirmation e-mail again; it receives the newsletter once it follows the link, as any
 * subscription (double opt-in: nobody is subscribed without their own click). 404 if unknown, 409 if active.
 */
export async function resubscribeByStaff(
  db: Db,
  principal: StaffPrincipal,
  email: string,
): Promise<SubscriberResubscribeAnswer> {
  const normalized = email.trim().toLowerCase();
  const [row] = await db
    .select({ active: newsletterSubscribers.active })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normalized))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Aucun abonné à cette adresse.');
  if (row.active) throw new AppError('conflict', 'Cette adresse est déjà abonnée.');
  await subscribe(db, normalized, { address: principal.address });
  await recordAudit(db, principal, 'subscriber.resubscribe', { type: 'subscriber', id: normalized });
  return { email: normalized, status: 'confirmation_sent' };
}

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) is kept as text. */
function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * GET /api/admin/subscribers/export: every subscriber as CSV (`email,statut,source,inscrit_le,desinscrit_le`),
 * read in pages of 1,000 by address so memory stays flat whatever their number. Audited before it starts.
 */
export async function exportSubscribers(
  db: Db,
  principal: StaffPrincipal,
): Promise<ReadableStream<Uint8Array>> {
  await recordAudit(db, principal, 'subscriber.export', { type: 'subscriber', id: 'export' });
  const encoder = new TextEncoder();
  let after: string | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode('\uFEFFemail,statut,source,inscrit_le,desinscrit_le\r\n'));
        return;
      }
      const rows = await db
        .select()
        .from(newsletterSubscribers)
        .where(after === null ? undefined : gt(newsletterSubscribers.email, after))
        .orderBy(asc(newsletterSubscribers.email))
        .limit(EXPORT_BATCH);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      after = rows.at(-1)?.email ?? after;
      const records = rows.map((row) => [
        neutralised(row.email),
        row.active ? 'abonne' : 'desinscrit',
        neutralised(row.source),
        row.subscribedAt.toISOString(),
        row.unsubscribedAt?.toISOString() ?? '',
      ]);
      controller.enqueue(encoder.encode(stringify(records, { record_delimiter: 'windows' })));
    },
  });
}

/** GET /api/admin/subscribers/daily: subscriptions and unsubscriptions of each of the last `days` days (Paris). */
export async function dailySubscriberCounts(db: Db, days: number): Promise<SubscriberDailyAnswer> {
  const rows = await queryRows<{ day: string; subscribed: number; unsubscribed: number }>(
    db,
    sql`with days as (
        select (timezone('Europe/Paris', now())::date - offs) as day from generate_series(0, ${days - 1}) offs
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
        (select count(*)::int from newsletter_subscribers s
          where timezone('Europe/Paris', s.subscribed_at)::date = d.day) as subscribed,
        (select count(*)::int from newsletter_subscribers s
          where timezone('Europe/Paris', s.unsubscribed_at)::date = d.day) as unsubscribed
      from days d order by d.day`,
  );
  return { days: rows };
}
