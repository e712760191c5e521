import 'server-only';
import { headers } from 'next/headers';
import { sameSiteBackPath } from '@/lib/urls';
import {
  EMAIL_MESSAGE,
  PASSWORD_CLASSES_MESSAGE,
  PASSWORD_CONFIRMATION_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
  WEB_FORM_ERROR_MESSAGE,
} from '@/lib/validation';
import { INVALID_CREDENTIALS_MESSAGE } from '@/server/accounts/login';
import { COMMON_PASSWORD_MESSAGE } from '@/server/accounts/passwords';
import {
  DUPLICATE_EMAIL_MESSAGE,
  INVALID_CIVILITY_MESSAGE,
  INVALID_FUNCTION_MESSAGE,
  NAME_CHARACTERS_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
} from '@/server/accounts/registration';
import { RATE_LIMITED_MESSAGE } from '@/server/accounts/throttle';

/**
 * Forms without JavaScript post to server actions, which redirect back to the page with an anchor naming the
 * outcome; the page holds every message it may name, shown by CSS (:target). This keeps the pages static: no
 * cookie or query parameter is read to show a message.
 */

/** The messages a login or registration may end with, each with its anchor. */
export const AUTH_MESSAGES: readonly { id: string; message: string }[] = [
  INVALID_CREDENTIALS_MESSAGE,
  RATE_LIMITED_MESSAGE,
  REQUIRED_MESSAGE,
  EMAIL_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_CLASSES_MESSAGE,
  PASSWORD_CONFIRMATION_MESSAGE,
  COMMON_PASSWORD_MESSAGE,
  DUPLICATE_EMAIL_MESSAGE,
  INVALID_CIVILITY_MESSAGE,
  INVALID_FUNCTION_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  NAME_CHARACTERS_MESSAGE,
  WEB_FORM_ERROR_MESSAGE,
].map((message, index) => ({ id: `connexion-message-${index + 1}`, message }));

/** The anchor of a login or registration message; unknown messages become 'une erreur est survenue'. */
export function authMessageAnchor(message: string): string {
  const known = AUTH_MESSAGES.find((entry) => entry.message === message);
  return (
    (known ?? AUTH_MESSAGES.find((entry) => entry.message === WEB_FORM_ERROR_MESSAGE))?.id ?? 'connexion'
  );
}

/** The page the form was posted from (same site only), where the reader is sent back; '/' otherwise. */
export async function backPath(): Promise<string> {
  const requestHeaders = await headers();
  return sameSiteBackPath(requestHeaders.get('referer'), requestHeaders.get('host'));
}
