import 'server-only';
import { PATHS } from '@/lib/constants';
import { DAILY_NAME } from '@/lib/site';
import type { Db } from '../db/client';
import { html, type SafeHtml } from '../email/html';
import { type EmailMessage, queueEmail } from '../email/outbox';
import { emailButton, emailParagraph, renderEmail } from '../email/render';
import { env } from '../env';

/**
 * The transactional e-mails of readers' accounts, French, HTML and text (renderEmail), each queued in the
 * caller's transaction beside the write it belongs to (a token, an address change): sent by the job runner with
 * retries, never lost, and an SMTP outage never fails the reader's request.
 */

/** An absolute link of this site. */
export function siteLink(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, env().SITE_URL);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** The link of a confirmation e-mail: the page asks for a click, so a mail scanner following it confirms nothing. */
function confirmationLink(kind: ConfirmationKind, token: string): string {
  return siteLink(PATHS.confirmation, { type: kind, jeton: token });
}

/** What a confirmation link confirms (the `type` of /confirmation). */
type ConfirmationKind = 'compte' | 'adresse' | 'newsletter';

const IGNORE_IF_NOT_YOU = emailParagraph(
  'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne sera changé.',
);

function footer(reason: string): SafeHtml {
  return html`${reason} ${DAILY_NAME} – ${env().SITE_URL}`;
}

type Content = { subject: string; preheader: string; body: SafeHtml; footer: SafeHtml };

function message(
  to: string,
  category: string,
  content: Content,
  headers?: Record<string, string>,
): EmailMessage {
  const { html: htmlPart, text } = renderEmail(content);
  return { to, subject: content.subject, html: htmlPart, text, category, ...(headers ? { headers } : {}) };
}

async function send(
  db: Db,
  to: string,
  category: string,
  content: Content,
  headers?: Record<string, string>,
): Promise<void> {
  await queueEmail(db, message(to, category, content, headers));
}

/** "Mot de passe oublié ?": the link of the reset page, valid one hour, usable once. */
export async function queuePasswordResetEmail(
  db: Db,
  to: string,
  firstname: string,
  token: string,
): Promise<void> {
  const link = siteLink(PATHS.resetPassword, { jeton: token });
  await send(db, to, 'password-reset', {
    subject: `Réinitialisation de votre mot de passe ${DAILY_NAME}`,
    preheader: 'Choisissez un nouveau mot de passe : ce lien est valable une heure.',
    body: html`${emailParagraph(`Bonjour ${firstname},`)}
${emailParagraph('Vous avez demandé à réinitialiser le mot de passe de votre compte. Choisissez-en un nouveau avec ce lien, valable une heure et utilisable une seule fois :')}
${emailButton('Choisir un nouveau mot de passe', link)}
${emailParagraph(html`Ou copiez cette adresse dans votre navigateur : ${link}`)}
${emailParagraph('Une fois le mot de passe changé, tous les appareils connectés à votre compte seront déconnectés.')}
${IGNORE_IF_NOT_YOU}`,
    footer: footer('Vous recevez ce message parce qu’une réinitialisation a été demandée pour votre compte.'),
  });
}

/** Registration: the link confirming the account's address (and the newsletter when it was asked for). */
export async function queueAccountConfirmationEmail(
  db: Db,
  to: string,
  firstname: string,
  token: string,
  withNewsletter: boolean,
): Promise<void> {
  const link = confirmationLink('compte', token);
  await send(db, to, 'account-confirmation', {
    subject: `Confirmez votre adresse e-mail – ${DAILY_NAME}`,
    preheader: 'Un clic pour confirmer l’adresse de votre compte.',
    body: html`${emailParagraph(`Bonjour ${firstname},`)}
${emailParagraph(`Bienvenue sur ${DAILY_NAME} ! Confirmez l’adresse de votre compte avec ce lien, valable 7 jours :`)}
${emailButton('Confirmer mon adresse', link)}
${emailParagraph(html`Ou copiez cette adresse dans votre navigateur : ${link}`)}
${withNewsletter ? emailParagraph('Votre inscription à la newsletter prendra effet avec cette confirmation.') : ''}
${emailParagraph('Si vous n’avez pas créé de compte, ignorez ce message.')}`,
    footer: footer('Vous recevez ce message parce qu’un compte a été créé avec cette adresse.'),
  });
}

/** Change of address: the link, sent to the new address, that makes it the account's. */
export async function queueEmailChangeEmail(
  db: Db,
  to: string,
  firstname: string,
  token: string,
): Promise<void> {
  const link = confirmationLink('adresse', token);
  await send(db, to, 'email-change', {
    subject: `Confirmez votre nouvelle adresse e-mail – ${DAILY_NAME}`,
    preheader: 'Un clic pour que cette adresse devienne celle de votre compte.',
    body: html`${emailParagraph(`Bonjour ${firstname},`)}
${emailParagraph('Vous avez demandé que cette adresse devienne celle de votre compte. Confirmez-le avec ce lien, valable 24 heures :')}
${emailButton('Confirmer ma nouvelle adresse', link)}
${emailParagraph(html`Ou copiez cette adresse dans votre navigateur : ${link}`)}
${IGNORE_IF_NOT_YOU}`,
    footer: footer('Vous recevez ce message parce que cette adresse a été indiquée pour un compte.'),
  });
}

/** Double opt-in: the newsletter starts once the reader follows this link. */
export async function queueNewsletterConfirmationEmail(db: Db, to: string, token: string): Promise<void> {
  await queueEmail(db, newsletterConfirmationEmail(to, token));
}

/** The e-mail of `queueNewsletterConfirmationEmail`, for a caller that queues it in a statement of its own. */
export function newsletterConfirmationEmail(to: string, token: string): EmailMessage {
  const link = confirmationLink('newsletter', token);
  return message(to, 'newsletter-confirmation', {
    subject: `Confirmez votre inscription à la newsletter ${DAILY_NAME}`,
    preheader: 'Un clic pour recevoir la newsletter chaque jour ouvré.',
    body: html`${emailParagraph('Bonjour,')}
${emailParagraph(`Pour recevoir gratuitement la newsletter ${DAILY_NAME} à cette adresse, confirmez votre inscription avec ce lien, valable 7 jours :`)}
${emailButton('Confirmer mon inscription', link)}
${emailParagraph(html`Ou copiez cette adresse dans votre navigateur : ${link}`)}
${emailParagraph('Sans confirmation, vous ne recevrez rien et votre adresse ne sera pas inscrite.')}`,
    footer: footer('Vous recevez ce message parce que cette adresse a été inscrite à la newsletter.'),
  });
}

/** Unsubscribing without proof: the signed link of our e-mails, sent to the address itself. */
export async function queueUnsubscribeConfirmationEmail(db: Db, to: string, link: string): Promise<void> {
  await send(db, to, 'newsletter-unsubscribe', {
    subject: `Confirmez votre désinscription de la newsletter ${DAILY_NAME}`,
    preheader: 'Un clic pour ne plus recevoir la newsletter.',
    body: html`${emailParagraph('Bonjour,')}
${emailParagraph('Une désinscription de la newsletter a été demandée pour cette adresse. Confirmez-la avec ce lien :')}
${emailButton('Confirmer ma désinscription', link)}
${emailParagraph(html`Ou copiez cette adresse dans votre navigateur : ${link}`)}
${emailParagraph('Si vous souhaitez continuer à recevoir la newsletter, ignorez ce message.')}`,
    footer: footer('Vous recevez ce message parce que cette adresse est inscrite à la newsletter.'),
  });
}
