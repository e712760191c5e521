import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { StaffRole } from '@/lib/contracts/admin';
import type { Db } from '../db/client';
import { staffMembers } from '../db/schema';
import { env } from '../env';
import { AppError } from '../http/errors';
import { rememberBox } from '../lib/remember';
import { isSameSecret } from '../lib/secrets';
import { logger } from '../log';
import { recordAudit } from './audit';
import { newOpaqueToken } from './auth';
import { insertStaff, staffCount } from './staff';

// The first administrator (docs/ADMIN-API.md, "First administrator"): from NEWSROOM_ADMIN_EMAIL and
// NEWSROOM_ADMIN_PASSWORD at start, else through the setup call with a one-time token printed in this
// process's log. A site on the internet never offers an open setup.

/** Serialises concurrent first-administrator attempts across instances. */
const SETUP_LOCK = 0x6e_65_77_73; // "news"

const setupToken = rememberBox<string | undefined>('newsroom.setup-token', undefined);

/**
 * Run at start: creates the administrator of the environment when there is no staff account yet, or prints a
 * setup token. Answers what it did.
 */
export async function prepareNewsroom(db: Db): Promise<'exists' | 'created' | 'setup-token'> {
  if ((await staffCount(db)) > 0) return 'exists';
  const config = env();
  if (config.NEWSROOM_ADMIN_EMAIL && config.NEWSROOM_ADMIN_PASSWORD) {
    const created = await createFirstAdministrator(db, {
      email: config.NEWSROOM_ADMIN_EMAIL,
      name: 'Administrateur',
      password: config.NEWSROOM_ADMIN_PASSWORD,
      address: 'server',
    });
    if (created)
      logger.info({ email: config.NEWSROOM_ADMIN_EMAIL }, 'rédaction : premier administrateur créé');
    return created ? 'created' : 'exists';
  }
  const token = newOpaqueToken();
  setupToken.value = token;
  logger.warn(
    { setupToken: token },
    `rédaction : aucun compte. Créez le premier administrateur sur /redaction/installation avec ce jeton à usage unique : ${token}`,
  );
  return 'setup-token';
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

/** The demo newsroom of development (one account per role); the start log prints these credentials. */
export const DEMO_STAFF_PASSWORD = 'Redaction-Demo-2026';
export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: 'redacteur@demo.quotidienne.test', name: 'Camille Rédactrice', role: 'redacteur' },
  { email: 'editeur@demo.quotidienne.test', name: 'Dominique Éditeur', role: 'editeur' },
  { email: 'admin@demo.quotidienne.test', name: 'Alex Administrateur', role: 'administrateur' },
];

/**
 * Adds the demo accounts (development only: the caller checks APP_ENV) unless they exist, and answers the
 * lines the start log prints.
 */
export async function ensureDemoStaff(db: Db): Promise<string[]> {
  if (env().APP_ENV !== 'development') return [];
  const existing = await db
    .select({ email: staffMembers.email })
    .from(staffMembers)
    .where(
      inArray(
        staffMembers.email,
        DEMO_STAFF.map((member) => member.email),
      ),
    );
  const known = new Set(existing.map((row) => row.email));
  for (const member of DEMO_STAFF) {
    if (known.has(member.email)) continue;
    await db.transaction((tx) => insertStaff(tx, { ...member, password: DEMO_STAFF_PASSWORD }));
  }
  return DEMO_STAFF.map((member) => `  • ${member.role} : ${member.email} / ${DEMO_STAFF_PASSWORD}`);
}
