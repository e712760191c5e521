import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@/lib/contracts/admin';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { normalizeEmail } from '../accounts/request-context';
import type { Db } from '../db/client';
import { staffMembers } from '../db/schema';
import { env } from '../env';
import { AppError } from '../http/errors';
import { rememberBox } from '../lib/remember';
import { isSameSecret } from '../lib/secrets';
import { logger } from '../log';
import { recordAudit } from './audit';
import { deleteAllStaffSessions, newOpaqueToken } from './auth';
import { insertStaff, staffCount } from './staff';

// The first administrator (docs/ADMIN-API.md, "First administrator"): the administrator named by
// NEWSROOM_ADMIN_EMAIL and NEWSROOM_ADMIN_PASSWORD exists after every start, else, without staff, a setup call
// with a one-time token printed in this process's log. A site on the internet never offers an open setup.

/** Serialises concurrent first-administrator attempts across instances. */
const SETUP_LOCK = 0x6e_65_77_73; // "news"

const setupToken = rememberBox<string | undefined>('newsroom.setup-token', undefined);

/**
 * Run at start: with NEWSROOM_ADMIN_EMAIL and NEWSROOM_ADMIN_PASSWORD, makes sure that administrator exists and
 * signs in with that password whatever other staff there are (demo accounts included); without them and without
 * staff, prints a setup token. Answers what it did.
 */
export async function prepareNewsroom(db: Db): Promise<'exists' | 'created' | 'updated' | 'setup-token'> {
  const config = env();
  if (config.NEWSROOM_ADMIN_EMAIL && config.NEWSROOM_ADMIN_PASSWORD) {
    const outcome = await ensureEnvironmentAdministrator(
      db,
      config.NEWSROOM_ADMIN_EMAIL,
      config.NEWSROOM_ADMIN_PASSWORD,
    );
    if (outcome === 'created')
      logger.info({ email: config.NEWSROOM_ADMIN_EMAIL }, 'rédaction : administrateur créé');
    if (outcome === 'updated') {
      logger.info(
        { email: config.NEWSROOM_ADMIN_EMAIL },
        'rédaction : administrateur remis à jour (mot de passe, rôle)',
      );
    }
    return outcome;
  }
  if ((await staffCount(db)) > 0) return 'exists';
  const token = newOpaqueToken();
  setupToken.value = token;
  logger.warn(
    { setupToken: token },
    `rédaction : aucun compte. Créez le premier administrateur sur /redaction/installation avec ce jeton à usage unique : ${token}`,
  );
  return 'setup-token';
}

/**
 * The administrator of the environment: created, or (an account of that address already there) given that password,
 * the administrator role and an open account, its other sessions ended when the password changed. Nothing is
 * written when it already is so. Serialised across instances starting together (an advisory lock).
 */
async function ensureEnvironmentAdministrator(
  db: Db,
  email: string,
  password: string,
): Promise<'exists' | 'created' | 'updated'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    const actor = { actor: { kind: 'system', name: 'environnement' }, address: 'server' } as const;
    const [member] = await tx
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, normalizeEmail(email)))
      .for('update');
    if (!member) {
      const first = (await staffCount(tx)) === 0;
      const { member: created } = await insertStaff(tx, {
        email,
        name: 'Administrateur',
        role: 'administrateur',
        password,
      });
      await recordAudit(tx, actor, first ? 'setup.first_administrator' : 'staff.create', {
        type: 'staff',
        id: created.id,
      });
      return 'created';
    }
    const passwordHolds = await verifyPassword(member.passwordHash, password);
    if (passwordHolds && member.role === 'administrateur' && member.active) return 'exists';
    await tx
      .update(staffMembers)
      .set({
        role: 'administrateur',
        active: true,
        ...(passwordHolds
          ? {}
          : {
              passwordHash: await hashPassword(password),
              invitationTokenHash: null,
              invitationExpiresAt: null,
            }),
        updatedAt: new Date(),
      })
      .where(eq(staffMembers.id, member.id));
    if (!passwordHolds) await deleteAllStaffSessions(tx, member.id);
    await recordAudit(tx, actor, passwordHolds ? 'staff.update' : 'staff.password_set', {
      type: 'staff',
      id: member.id,
    });
    return 'updated';
  });
}

/** True when `token` is this process's setup token (constant-time comparison). */
export function isSetupToken(token: string): boolean {
  const expected = setupToken.value;
  if (!expected) return false;
  return isSameSecret(token, expected);
}

/** Forgets the setup token once used. */
export function consumeSetupToken(): void {
  setupToken.value = undefined;
}

/**
 * Creates the first administrator if there is still no staff account, atomically across instances (an advisory
 * lock). Answers the new account's id, or null when someone was first.
 */
export async function createFirstAdministrator(
  db: Db,
  input: { email: string; name: string; password: string; address: string },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    if ((await staffCount(tx)) > 0) return null;
    const { member } = await insertStaff(tx, {
      email: input.email,
      name: input.name,
      role: 'administrateur',
      password: input.password,
    });
    await recordAudit(
      tx,
      { actor: { kind: 'system', name: 'installation' }, address: input.address },
      'setup.first_administrator',
      { type: 'staff', id: member.id },
    );
    return member.id;
  });
}

/** The refusal of a setup call once the newsroom has staff, or with a wrong token. */
export function setupClosed(): AppError {
  return new AppError('not_found', 'Installation déjà faite ou jeton invalide.');
}

/** The demo newsroom of development (one account per role); the start log prints their credentials. */
export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: 'redacteur@demo.quotidienne.test', name: 'Camille Rédactrice', role: 'redacteur' },
  { email: 'editeur@demo.quotidienne.test', name: 'Dominique Éditeur', role: 'editeur' },
  { email: 'admin@demo.quotidienne.test', name: 'Alex Administrateur', role: 'administrateur' },
];

/** A new random password of a demo account: 20 characters, never one written in the source. */
function newDemoPassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * Development only (the caller need not check APP_ENV): gives each demo account a new random password, creating
 * the accounts that are missing, and answers the lines the start log prints (the only place the passwords appear).
 */
export async function ensureDemoStaff(db: Db): Promise<string[]> {
  if (env().APP_ENV !== 'development') return [];
  const lines: string[] = [];
  for (const member of DEMO_STAFF) {
    const password = newDemoPassword();
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .update(staffMembers)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(staffMembers.email, member.email))
        .returning({ id: staffMembers.id });
      if (!existing) await insertStaff(tx, { ...member, password });
    });
    lines.push(`  • ${member.role} : ${member.email} / ${password}`);
  }
  return lines;
}
