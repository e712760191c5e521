import 'server-only';
import { headers } from 'next/headers';
import { type AccountFormCode, accountFormAnchor } from '@/lib/contracts/accounts';
import { loginPagePath, sameSiteBackPath, sameSitePath } from '@/lib/urls';
import { type AppError, toAppError } from '@/server/http/errors';

/**
 * Forms without JavaScript post to server actions, which redirect back to the page with an anchor naming the
 * outcome's code; the page holds every message it may name, shown by CSS (:target). This keeps the pages static:
 * no cookie or query parameter is read to show a message (docs/decisions/009-forms-one-definition.md).
 */

/** The code of a login or registration refused by an error: by its kind, never by its message. */
export function accountErrorCode(error: unknown): AccountFormCode {
  const kind: AppError['code'] = toAppError(error).code;
  if (kind === 'unauthorized') return 'invalid_credentials';
  if (kind === 'rate_limited') return 'rate_limited';
  return 'form_error';
}

/** The page the form was posted from (same site only), where the reader is sent back; '/' otherwise. */
export async function backPath(): Promise<string> {
  const requestHeaders = await headers();
  return sameSiteBackPath(requestHeaders.get('referer'), requestHeaders.get('host'));
}

/**
 * Where a form of the login page (no JavaScript) sends the reader: `done` once logged in, the page named by the
 * form's `retour` field (the page the login page was opened from; else the referring page); `refused(code)`, the
 * login page again with that refusal's message, still sending the reader back there.
 */
export async function returnPaths(
  form: FormData,
): Promise<{ done: string; refused: (code: AccountFormCode) => string }> {
  const given = form.get('retour');
  const back = typeof given === 'string' && given !== '' ? sameSitePath(given) : await backPath();
  return {
    // An empty fragment: a redirect without one keeps the posted page's (a former message's anchor).
    done: `${back}#`,
    refused: (code) => loginPagePath(back, { code, anchor: accountFormAnchor(code) }),
  };
}
