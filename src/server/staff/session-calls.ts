import 'server-only';
import type { SessionAnswer, StaffRole, TotpSetupAnswer } from '@/lib/contracts/admin';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { recordAudit } from './audit';
import { deleteAllStaffSessions, deleteStaffSession, type StaffPrincipal, totpSetupRequired } from './auth';
import { findStaffById, readTotpSecret, setPendingTotp, setTotpEnabled, toStaffMember } from './staff';
import { acceptedTotpStep, newTotpSecret } from './totp';

// The session calls of a signed-in staff member: who am I, sign out (here or everywhere), two-factor setup.

function staffOnly(principal: StaffPrincipal): number {
  if (principal.staffId === null || !principal.session) {
    throw new AppError('forbidden', 'Cette action demande une session de la rédaction, pas une clé d’API.');
  }
  return principal.staffId;
}

export async function currentSession(db: Db, principal: StaffPrincipal): Promise<SessionAnswer> {
  const staffId = staffOnly(principal);
  const member = await findStaffById(db, staffId);
  if (!member) throw new AppError('unauthorized', 'Session terminée.');
  const staff = toStaffMember(member);
  return {
    staff,
    expiresAt: (principal.session as NonNullable<StaffPrincipal['session']>).expiresAt.toISOString(),
    totpSetupRequired: totpSetupRequired(staff.role, staff.totpEnabled),
  };
}

export async function signOut(db: Db, principal: StaffPrincipal, everywhere: boolean): Promise<void> {
  const staffId = staffOnly(principal);
  await db.transaction(async (tx) => {
    if (everywhere) await deleteAllStaffSessions(tx, staffId);
    else await deleteStaffSession(tx, principal.session?.tokenHash ?? '');
    await recordAudit(tx, principal, everywhere ? 'session.sign_out_everywhere' : 'session.sign_out', {
      type: 'staff',
      id: staffId,
    });
  });
}

export async function startTotpSetup(db: Db, principal: StaffPrincipal): Promise<TotpSetupAnswer> {
  const staffId = staffOnly(principal);
  const member = await findStaffById(db, staffId);
  if (!member) throw new AppError('unauthorized', 'Session terminée.');
  if (member.totpEnabledAt) {
    throw new AppError('conflict', 'La double authentification est déjà activée : désactivez-la d’abord.');
  }
  const setup = newTotpSecret(member.email);
  await setPendingTotp(db, staffId, setup.secret);
  return setup;
}

/** Confirms a pending secret (`enable`) or turns two-factor authentication off, each with a valid code. */
export async function confirmTotp(
  db: Db,
  principal: StaffPrincipal,
  code: string,
  enable: boolean,
): Promise<void> {
  const staffId = staffOnly(principal);
  const member = await findStaffById(db, staffId);
  const secret = member ? readTotpSecret(member) : null;
  if (!member || !secret) {
    throw new AppError('conflict', 'Aucune double authentification en cours : commencez par la configurer.');
  }
  if (enable === (member.totpEnabledAt !== null)) {
    throw new AppError(
      'conflict',
      enable
        ? 'La double authentification est déjà activée.'
        : 'La double authentification n’est pas activée.',
    );
  }
  if (!enable && totpSetupRequired(member.role as StaffRole, false)) {
    throw new AppError('forbidden', 'La double authentification est obligatoire pour les administrateurs.');
  }
  const step = acceptedTotpStep(secret, code, member.totpLastStep);
  if (step === null) {
    throw new AppError('bad_request', 'Code de vérification incorrect.', [
      { field: 'code', message: 'Code de vérification incorrect.' },
    ]);
  }
  await db.transaction(async (tx) => {
    await setTotpEnabled(tx, staffId, enable, step);
    await recordAudit(tx, principal, enable ? 'session.totp_enabled' : 'session.totp_disabled', {
      type: 'staff',
      id: staffId,
    });
  });
}
