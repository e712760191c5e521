import 'server-only';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditAction, AuditEntry, AuditListAnswer, auditListQuery } from '@/lib/contracts/admin';
import { announceContentChange } from '../content/content-changes';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/** Who did something: a signed-in staff member, an API key, the server itself, or nobody known. */
export type Actor =
  | { kind: 'staff'; staffId: number; name: string }
  | { kind: 'api_key'; apiKeyId: number; name: string }
  | { kind: 'system'; name: string }
  | { kind: 'anonymous' };

/** Who acted and from which address: a request's principal (`StaffPrincipal`) is one as it stands. */
export type AuditAuthor = { actor: Actor; address: string };

/** What an action was done to: an entity's type and id (absent for an action on nothing in particular). */
export type AuditTarget = { type: string; id: string | number };

type Writer = Pick<Db, 'insert'>;

/**
 * Appends an entry to the audit log. Pass the transaction of the action itself, so an action is logged if and
 * only if it happened.
 */
export async function recordAudit(
  db: Writer,
  by: AuditAuthor,
  action: AuditAction,
  target?: AuditTarget,
  details: Record<string, unknown> = {},
): Promise<void> {
  const { actor } = by;
  await db.insert(auditLog).values({
    actorKind: actor.kind,
    staffId: actor.kind === 'staff' ? actor.staffId : null,
    apiKeyId: actor.kind === 'api_key' ? actor.apiKeyId : null,
    actorName: actor.kind === 'anonymous' ? null : actor.name,
    action,
    targetType: target?.type ?? null,
    targetId: target ? String(target.id) : null,
    address: by.address,
    details,
  });
}

/**
 * A change readers see: its audit entry, then the announcement that makes every process refresh the copies that
 * carry one of its `tags` (src/server/content/cache-tags.ts). In the change's transaction, both happen at its
 * commit or not at all.
 */
export async function recordPublicChange(
  tx: Pick<Db, 'insert' | 'execute'>,
  tags: readonly string[],
  by: AuditAuthor,
  action: AuditAction,
  target?: AuditTarget,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, by, action, target, details);
  await announceContentChange(tx, tags);
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
