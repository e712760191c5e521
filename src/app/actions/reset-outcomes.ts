import 'server-only';
import { isMyAccountCode, MY_ACCOUNT_MESSAGES } from '@/lib/contracts/accounts';
import { PASSWORD_RESET_DONE_MESSAGE, RESET_REQUESTED_MESSAGE } from '@/server/accounts/password-reset';

/**
 * The password reset pages work without JavaScript: their actions redirect back with `?etat=<code>` and the page
 * shows the message of that code: a success below, or the code of a refusal (decision 009), so a crafted link
 * cannot make the page say anything else.
 */
const SUCCESSES = { envoye: RESET_REQUESTED_MESSAGE, modifie: PASSWORD_RESET_DONE_MESSAGE } as const;

export type ResetSuccess = keyof typeof SUCCESSES;

/** The message of a code from the URL, or null. */
export function resetMessage(code: unknown): { kind: 'success' | 'error'; message: string } | null {
  if (typeof code === 'string' && Object.hasOwn(SUCCESSES, code)) {
    return { kind: 'success', message: SUCCESSES[code as ResetSuccess] };
  }
  return isMyAccountCode(code) ? { kind: 'error', message: MY_ACCOUNT_MESSAGES[code] } : null;
}
