import 'server-only';
import type { StaffCreateBody, StaffMember } from '@/lib/contracts/admin';
import { STAFF_ROLE_LABELS } from '@/lib/contracts/admin';
import type { Db } from '../db/client';
import { html } from '../email/html';
import { queueEmail } from '../email/outbox';
import { emailButton, emailParagraph, renderEmail } from '../email/render';
import { env } from '../env';
import { recordAudit } from './audit';
import type { StaffPrincipal } from './auth';
import { insertStaff, toStaffMember } from './staff';

/** Where an invited person chooses their password: the token travels in the fragment, never to a server log. */
export function invitationUrl(token: string): string {
  return new URL(`/redaction/invitation#${token}`, env().SITE_URL).toString();
}

/**
 * Creates a staff account (administrators). Without a password the person receives an invitation e-mail,
 * queued in the same transaction: the account and its e-mail exist together or not at all.
 */
export async function createStaffMember(
  db: Db,
  principal: StaffPrincipal,
  body: StaffCreateBody,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const { member, invitationToken } = await insertStaff(tx, body);
    if (invitationToken) {
      const subject = 'Votre accès à la rédaction de La Quotidienne';
      const { html: htmlBody, text } = renderEmail({
        subject,
        preheader: 'Choisissez votre mot de passe pour accéder à la rédaction.',
        body: html`${emailParagraph(`Bonjour ${member.name},`)}${emailParagraph(
          `Un compte de la rédaction vous a été ouvert avec le rôle « ${STAFF_ROLE_LABELS[body.role]} ». Choisissez votre mot de passe pour y accéder (lien valable 7 jours) :`,
        )}${emailButton('Choisir mon mot de passe', invitationUrl(invitationToken))}`,
      });
      await queueEmail(tx, {
        to: member.email,
        subject,
        html: htmlBody,
        text,
        category: 'newsroom-invitation',
      });
    }
    await recordAudit(
      tx,
      principal,
      invitationToken ? 'staff.invite' : 'staff.create',
      { type: 'staff', id: member.id },
      { email: member.email, role: member.role },
    );
    return toStaffMember(member);
  });
}
