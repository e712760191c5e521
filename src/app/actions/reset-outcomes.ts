import 'server-only';
import {
  EMAIL_MESSAGE,
  PASSWORD_CLASSES_MESSAGE,
  PASSWORD_CONFIRMATION_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
  WEB_FORM_ERROR_MESSAGE,
} from '@/lib/validation';
import {
  INVALID_RESET_LINK_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from '@/server/accounts/password-reset';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_TOO_LONG_MESSAGE } from '@/server/accounts/passwords';
import { RATE_LIMITED_MESSAGE } from '@/server/accounts/throttle';

/**
 * The password reset pages work without JavaScript: their actions redirect back with `?etat=<code>` and the page
 * shows the message of that code (codes, not texts, so a crafted link cannot make the page say anything else).
 */
const MESSAGES: Record<string, { kind: 'success' | 'error'; message: string }> = {
  envoye: { kind: 'success', message: RESET_REQUESTED_MESSAGE },
  modifie: { kind: 'success', message: PASSWORD_RESET_DONE_MESSAGE },
  'lien-invalide': { kind: 'error', message: INVALID_RESET_LINK_MESSAGE },
  obligatoire: { kind: 'error', message: REQUIRED_MESSAGE },
  'email-invalide': { kind: 'error', message: EMAIL_MESSAGE },
  'mot-de-passe-court': { kind: 'error', message: PASSWORD_LENGTH_MESSAGE },
  'mot-de-passe-classes': { kind: 'error', message: PASSWORD_CLASSES_MESSAGE },
  'mot-de-passe-courant': { kind: 'error', message: COMMON_PASSWORD_MESSAGE },
  'mot-de-passe-long': { kind: 'error', message: PASSWORD_TOO_LONG_MESSAGE },
  'confirmation-differente': { kind: 'error', message: PASSWORD_CONFIRMATION_MESSAGE },
  'trop-de-tentatives': { kind: 'error', message: RATE_LIMITED_MESSAGE },
  erreur: { kind: 'error', message: WEB_FORM_ERROR_MESSAGE },
};

/** The code of a message; 'erreur' for one that is not listed. */
export function resetMessageCode(message: string): string {
  return Object.entries(MESSAGES).find(([, entry]) => entry.message === message)?.[0] ?? 'erreur';
}

/** The message of a code from the URL, or null. */
export function resetMessage(code: unknown): { kind: 'success' | 'error'; message: string } | null {
  return typeof code === 'string' && Object.hasOwn(MESSAGES, code) ? (MESSAGES[code] ?? null) : null;
}
