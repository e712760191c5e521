import 'server-only';
import { and, asc, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffCreateBody, StaffMember, StaffRole, staffPatchBody } from '@/lib/contracts/admin';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '../accounts/passwords';
import { normalizeEmail } from '../accounts/request-context';
import type { Db } from '../db/client';
import { staffMembers } from '../db/schema';
import { AppError } from '../http/errors';
import { logger } from '../log';
import { type Actor, recordAudit } from './audit';
import { deleteAllStaffSessions, hashSecret, newOpaqueToken } from './auth';
import { isSealed, openSecret, sealedKeyId, sealSecret, totpSecretKey } from './secret-box';

/** Staff passwords: longer than readers' (they open the newsroom), never a common one (OWASP ASVS 6.2). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_LENGTH_MESSAGE = `Le mot de passe doit contenir au moins ${STAFF_PASSWORD_MIN_LENGTH} caractères.`;
export const DUPLICATE_STAFF_EMAIL_MESSAGE =
  'Un compte de la rédaction existe déjà avec cette adresse e-mail.';
export const STAFF_NOT_FOUND_MESSAGE = 'Membre de la rédaction introuvable.';
/** An invitation link works this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type StaffRow = typeof staffMembers.$inferSelect;

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    active: row.active,
    totpEnabled: row.totpEnabledAt !== null,
    passwordSet: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** A French reason the password cannot be a staff password, or null. */
export function staffPasswordError(password: string): string | null {
  if (password.trim().length < STAFF_PASSWORD_MIN_LENGTH) return STAFF_PASSWORD_LENGTH_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

function assertStaffPassword(password: string): void {
  const error = staffPasswordError(password);
  if (error) throw new AppError('bad_request', error, [{ field: 'password', message: error }]);
}

export async function findStaffById(db: Db, id: number): Promise<StaffRow | null> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id)).limit(1);
  return row ?? null;
}

export async function staffCount(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ value: count() }).from(staffMembers);
  return row?.value ?? 0;
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.name), asc(staffMembers.id));
  return rows.map(toStaffMember);
}

type Writer = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Creates a staff account. With a password the account is ready; without one it gets an invitation token
 * (returned once, stored hashed) for the link of the invitation e-mail.
 */
export async function insertStaff(
  tx: Writer,
  body: StaffCreateBody,
): Promise<{ member: StaffRow; invitationToken: string | null }> {
  if (body.password !== undefined) assertStaffPassword(body.password);
  const invitationToken = body.password === undefined ? newOpaqueToken() : null;
  const rows = await tx
    .insert(staffMembers)
    .values({
      email: normalizeEmail(body.email),
      name: body.name,
      role: body.role,
      passwordHash: body.password === undefined ? null : await hashPassword(body.password),
      invitationTokenHash: invitationToken ? hashSecret(invitationToken) : null,
      invitationExpiresAt: invitationToken ? new Date(Date.now() + INVITATION_TTL_MS) : null,
    })
    .onConflictDoNothing({ target: staffMembers.email })
    .returning();
  const member = rows[0];
  if (!member) {
    throw new AppError('conflict', DUPLICATE_STAFF_EMAIL_MESSAGE, [
      { field: 'email', message: DUPLICATE_STAFF_EMAIL_MESSAGE },
    ]);
  }
  return { member, invitationToken };
}

/** Changes a staff member's name, role or state; a role change or a closed account ends their sessions. */
export async function updateStaff(
  db: Db,
  id: number,
  changes: z.output<typeof staffPatchBody>,
  context: { actor: Actor; address: string },
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for('update');
    if (!before) throw new AppError('not_found', STAFF_NOT_FOUND_MESSAGE);
    if (
      context.actor.kind === 'staff' &&
      context.actor.staffId === id &&
      ((changes.role && changes.role !== before.role) || changes.active === false)
    ) {
      throw new AppError('forbidden', 'Vous ne pouvez pas changer votre propre rôle ni fermer votre compte.');
    }
    const [after] = await tx
      .update(staffMembers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(staffMembers.id, id))
      .returning();
    if (!after) throw new AppError('not_found', STAFF_NOT_FOUND_MESSAGE);
    if (after.role !== before.role || !after.active) await deleteAllStaffSessions(tx, id);
    await recordAudit(
      tx,
      context,
      'staff.update',
      { type: 'staff', id },
      {
        ...(after.role !== before.role ? { role: { from: before.role, to: after.role } } : {}),
        ...(after.active !== before.active ? { active: after.active } : {}),
        ...(after.name !== before.name ? { name: { from: before.name, to: after.name } } : {}),
      },
    );
    return toStaffMember(after);
  });
}

/** Sets the password of an invitation: the token works once and for INVITATION_TTL_MS. */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
  address: string,
): Promise<StaffMember> {
  assertStaffPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(staffMembers)
      .set({ passwordHash, invitationTokenHash: null, invitationExpiresAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(staffMembers.invitationTokenHash, hashSecret(token)),
          gt(staffMembers.invitationExpiresAt, new Date()),
          eq(staffMembers.active, true),
        ),
      )
      .returning();
    if (!member) {
      throw new AppError('not_found', 'Ce lien d’invitation n’est plus valable. Demandez-en un nouveau.');
    }
    await recordAudit(
      tx,
      { actor: { kind: 'staff', staffId: member.id, name: member.name }, address },
      'staff.password_set',
      { type: 'staff', id: member.id },
    );
    return toStaffMember(member);
  });
}

/** What a TOTP secret is bound to when sealed: its row (a sealed secret copied to another row does not open). */
function totpContext(staffId: number): string {
  return `staff_members.totp_secret:${staffId}`;
}

/** Stores a pending TOTP secret (not enforced until confirmed), encrypted. */
export async function setPendingTotp(db: Db, staffId: number, secret: string): Promise<void> {
  await db
    .update(staffMembers)
    .set({
      totpSecret: sealSecret(secret, totpContext(staffId), totpSecretKey()),
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: new Date(),
    })
    .where(eq(staffMembers.id, staffId));
}

export const TOTP_UNREADABLE_MESSAGE =
  'Votre double authentification ne peut pas être vérifiée pour l’instant : prévenez un administrateur.';

/**
 * The base32 TOTP secret of a staff member, or null. A value stored in clear (before encryption, until the start
 * of this version seals it) is read as it is. One that does not open (NEWSROOM_SECRET_KEY changed, or the value
 * altered) is a 503 for the person and an error in the log for the operators.
 */
export function readTotpSecret(member: Pick<StaffRow, 'id' | 'totpSecret'>): string | null {
  if (member.totpSecret === null) return null;
  if (!isSealed(member.totpSecret)) return member.totpSecret;
  try {
    return openSecret(member.totpSecret, totpContext(member.id), totpSecretKey());
  } catch (error) {
    logger.error(
      { err: error, staffId: member.id },
      'rédaction : secret de double authentification illisible',
    );
    throw new AppError('unavailable', TOTP_UNREADABLE_MESSAGE);
  }
}

/**
 * Run at start: encrypts the TOTP secrets stored in clear (a conditional update per row, so two instances
 * starting together seal each once), and reports secrets sealed under another key, which no sign-in can open.
 */
export async function sealStoredTotpSecrets(db: Db): Promise<{ sealed: number; otherKey: number }> {
  const key = totpSecretKey();
  const rows = await db
    .select({ id: staffMembers.id, totpSecret: staffMembers.totpSecret })
    .from(staffMembers)
    .where(isNotNull(staffMembers.totpSecret));
  let sealed = 0;
  let otherKey = 0;
  for (const { id, totpSecret: stored } of rows) {
    if (stored === null) continue;
    if (isSealed(stored)) {
      if (sealedKeyId(stored) !== key.id) otherKey += 1;
      continue;
    }
    const updated = await db
      .update(staffMembers)
      .set({ totpSecret: sealSecret(stored, totpContext(id), key) })
      .where(and(eq(staffMembers.id, id), eq(staffMembers.totpSecret, stored)))
      .returning({ id: staffMembers.id });
    sealed += updated.length;
  }
  if (sealed > 0) logger.info({ sealed }, 'rédaction : secrets de double authentification chiffrés');
  if (otherKey > 0) {
    logger.error(
      { otherKey },
      'rédaction : secrets de double authentification chiffrés avec une autre clé que NEWSROOM_SECRET_KEY : ces comptes ne peuvent plus se connecter',
    );
  }
  return { sealed, otherKey };
}

/** Confirms (`enable`) or removes TOTP after a valid code: `step` is the code's time step (replay guard). */
export async function setTotpEnabled(
  db: Pick<Db, 'update'>,
  staffId: number,
  enable: boolean,
  step: number,
): Promise<void> {
  await db
    .update(staffMembers)
    .set(
      enable
        ? { totpEnabledAt: new Date(), totpLastStep: step, updatedAt: new Date() }
        : { totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() },
    )
    .where(eq(staffMembers.id, staffId));
}

/** Records that a TOTP step was used, only if it is newer than the last one (two racing requests: one wins). */
export async function claimTotpStep(db: Pick<Db, 'update'>, staffId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffMembers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffMembers.id, staffId),
        sql`(${staffMembers.totpLastStep} is null or ${staffMembers.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: staffMembers.id });
  return rows.length > 0;
}
