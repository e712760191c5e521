import 'server-only';
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { ApiKey, ApiKeyCreatedAnswer, StaffRole } from '@/lib/contracts/admin';
import type { Db } from '../db/client';
import { apiKeys, staffMembers } from '../db/schema';
import { AppError } from '../http/errors';
import { recordAudit } from './audit';
import { API_KEY_PREFIX, hashSecret, type StaffPrincipal } from './auth';

// API keys of external editorial systems (administrators): the secret is shown once and stored as a SHA-256
// hash (it is 256 random bits: a slow hash adds nothing), bound to a role, revocable.

/** Characters of the secret kept in clear to recognise a key in the list. */
const SHOWN_PREFIX_LENGTH = 10;

type Row = typeof apiKeys.$inferSelect & { creatorName: string | null };

function toApiKey(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role as StaffRole,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.createdBy !== null && row.creatorName !== null
        ? { id: row.createdBy, name: row.creatorName }
        : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

async function readKeys(db: Pick<Db, 'select'>, id?: number): Promise<ApiKey[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      role: apiKeys.role,
      prefix: apiKeys.prefix,
      secretHash: apiKeys.secretHash,
      createdBy: apiKeys.createdBy,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      creatorName: staffMembers.name,
    })
    .from(apiKeys)
    .leftJoin(staffMembers, eq(staffMembers.id, apiKeys.createdBy))
    .where(id === undefined ? undefined : eq(apiKeys.id, id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

export function listApiKeys(db: Db): Promise<ApiKey[]> {
  return readKeys(db);
}

export async function createApiKey(
  db: Db,
  principal: StaffPrincipal,
  { name, role }: { name: string; role: StaffRole },
): Promise<ApiKeyCreatedAnswer> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name,
        role,
        prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
        secretHash: hashSecret(secret),
        createdBy: principal.staffId,
      })
      .returning({ id: apiKeys.id });
    const id = (row as { id: number }).id;
    await recordAudit(tx, principal, 'api_key.create', { type: 'api_key', id }, { name, role });
    const [key] = await readKeys(tx, id);
    return { ...(key as ApiKey), secret };
  });
}

export async function revokeApiKey(db: Db, principal: StaffPrincipal, id: number): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.id, id))
      .returning({ id: apiKeys.id });
    if (!row) throw new AppError('not_found', 'Clé d’API introuvable.');
    await recordAudit(tx, principal, 'api_key.revoke', { type: 'api_key', id });
    const [key] = await readKeys(tx, id);
    return key as ApiKey;
  });
}
