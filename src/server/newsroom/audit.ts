import 'server-only';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditAction, AuditEntry, AuditListAnswer, auditListQuery } from '@/lib/contracts/admin';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/** Who did something: a signed-in staff member, an API key, the server itself, or nobody known. */
export type Actor =
  | { kind: 'staff'; staffId: number; name: string }
  | { kind: 'api_key'; apiKeyId: number; name: string }
  | { kind: 'system'; name: string }
  | { kind: 'anonymous' };

export type AuditRecord = {
  actor: Actor;
  action: AuditAction;
  target?: { type: string; id: string | number };
  address: string;
  details?: Record<string, unknown>;
};

type Writer = Pick<Db, 'insert'>;

/**
 * Appends an entry to the audit log. Pass the transaction of the action itself, so an action is logged if and
 * only if it happened.
 */
export async function recordAudit(db: Writer, record: AuditRecord): Promise<void> {
  const { actor } = record;
  await db.insert(auditLog).values({
    actorKind: actor.kind,
    staffId: actor.kind === 'staff' ? actor.staffId : null,
    apiKeyId: actor.kind === 'api_key' ? actor.apiKeyId : null,
    actorName: actor.kind === 'anonymous' ? null : actor.name,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target ? String(record.target.id) : null,
    address: record.address,
    details: record.details ?? {},
  });
}

/** The audit log, newest first, filtered (administrators). */
export async function listAudit(db: Db, query: z.output<typeof auditListQuery>): Promise<AuditListAnswer> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.staffId) conditions.push(eq(auditLog.staffId, query.staffId));
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.at, new Date(query.to)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    items: rows.map(
      (row): AuditEntry => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: {
          kind: row.actorKind as AuditEntry['actor']['kind'],
          id: row.staffId ?? row.apiKeyId ?? null,
          name: row.actorName,
        },
        action: row.action as AuditAction,
        targetType: row.targetType,
        targetId: row.targetId,
        address: row.address,
        details: row.details,
      }),
    ),
    total: totalCount,
    page: query.page,
    perPage: query.perPage,
    pageCount: Math.ceil(totalCount / query.perPage),
  };
}
