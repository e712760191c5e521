/**
 * Browser side of the account calls (spec sections 4, 5, 7 and 8): the current user, login, logout, the
 * registration form's definition and its submission.
 *
 * The session token lives only in the HttpOnly cookie the server sets at login: this module never stores it
 * anywhere a script can read (no localStorage, no readable cookie). `setAuthToken` of ./http is for clients
 * that cannot use cookies; the browser does not need it.
 */
import 'client-only';
import { REGISTRATION_FORM_ID, SESSION_HINT_COOKIE } from '@/lib/constants';
import type { RegistrationForm, User, WebFormDefinition, WebFormResult } from '@/lib/contracts/accounts';
import { capMessage, WEB_FORM_ERROR_MESSAGE } from '@/lib/validation';
import {
  ApiError,
  apiErrorOf,
  apiFetch,
  apiJson,
  discardBody,
  hasAuthToken,
  isAbortError,
  loadZod,
  setAuthToken,
} from './http';

/** Zod and the accounts contract, loaded by the first call that needs them (see `SchemaLoader` in ./http). */
const loadContract = () => Promise.all([loadZod(), import('@/lib/contracts/accounts')]);

/** Thrown (after logging the cause) when the current user cannot be loaded (spec section 8). */
export const USER_LOAD_ERROR_MESSAGE = "erreur de récupération de l'utilisateur";
/** Shown when a login fails without a message of the server. */
export const LOGIN_ERROR_MESSAGE = 'La connexion a échoué, merci de réessayer.';

export type {
  FunctionChoice,
  User,
  WebFormDefinition,
  WebFormResult,
} from '@/lib/contracts/accounts';
export { WEB_FORM_ERROR_MESSAGE };

/** What the registration form holds (src/lib/validation.ts); optin becomes 'O' or 'N' on the wire. */
export type RegistrationValues = RegistrationForm;

/** Whether the server opened a session in this browser: it sets SESSION_HINT_COOKIE beside the HttpOnly one. */
function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=1`));
}

function clearSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: removing one readable cookie; the Cookie Store API is not in every browser.
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * The logged-in user, or null for an anonymous visitor (401). Any other failure is logged and turned into
 * the error of spec section 8.
 */
export async function loadUser(): Promise<User | null> {
  // No session was opened in this browser (or it was closed) and no token is stored: nobody to ask about, and
  // no 401 in the console of every anonymous page.
  if (!hasAuthToken() && !hasSessionHint(document.cookie)) return null;
  let response: Response;
  try {
    response = await apiFetch('/eshop/me', { key: 'accounts:me' });
  } catch (error) {
    // A newer call with the same key cancelled this one: not a failure to report.
    if (isAbortError(error)) throw error;
    console.error(USER_LOAD_ERROR_MESSAGE, error);
    throw new Error(USER_LOAD_ERROR_MESSAGE);
  }
  if (response.status === 401) {
    await discardBody(response);
    // The session ended on the server (expired, revoked): the next pages need not ask again.
    clearSessionHint();
    return null;
  }
  const body: unknown = await response.json().catch(() => null);
  const [z, { currentUser }] = await loadContract();
  const user = z.safeParse(currentUser, body);
  if (!response.ok || !user.success) {
    console.error(USER_LOAD_ERROR_MESSAGE, response.status, body);
    throw new Error(USER_LOAD_ERROR_MESSAGE);
  }
  return user.data;
}

/**
 * Logs in; the server sets the HttpOnly session cookie itself. A `cookieObj.error` in the answer is thrown
 * as is (spec section 7), any other failure as LOGIN_ERROR_MESSAGE.
 */
export async function login(email: string, password: string, remember = false): Promise<User> {
  const response = await apiFetch('/eshop/login', {
    json: { email, password, remember },
    key: 'accounts:login',
  });
  const body: unknown = await response.json().catch(() => null);
  const [z, { loginAnswer }] = await loadContract();
  const answer = z.safeParse(loginAnswer, body).data;
  if (answer && 'error' in answer.cookieObj && answer.cookieObj.error !== '') {
    throw new Error(capMessage(answer.cookieObj.error));
  }
  if (!response.ok || !answer?.user) throw new Error(LOGIN_ERROR_MESSAGE);
  return answer.user;
}

/** Ends the session on the server, which also removes the cookie; forgets any stored token. */
export async function logout(): Promise<void> {
  setAuthToken(null);
  const response = await apiFetch('/eshop/logout', { method: 'POST', key: 'accounts:logout' });
  await discardBody(response);
  const [, { LOGGED_OUT_STATUS }] = await loadContract();
  if (response.status !== LOGGED_OUT_STATUS) throw new ApiError(response.status, response.statusText);
}

/** The definition of a web form (REGISTRATION_FORM_ID for registration). */
export function getWebFormFields(webFormId: number = REGISTRATION_FORM_ID): Promise<WebFormDefinition> {
  return apiJson('/eshop/webFormFields', async () => (await loadContract())[1].webFormDefinition, {
    query: { webFormId },
    key: `accounts:webFormFields:${webFormId}`,
  });
}

/**
 * Sends the registration form. The result must say success true with a non-empty result (a string result is
 * parsed as JSON); otherwise this throws the first error of the server, or WEB_FORM_ERROR_MESSAGE.
 */
export async function submitRegistration(
  values: RegistrationValues,
  webFormId: number = REGISTRATION_FORM_ID,
): Promise<WebFormResult> {
  const [, { registrationFieldCode }] = await loadContract();
  // The web form's codes in the contract's order; optin travels as 'O' or 'N'.
  const fields = registrationFieldCode.options.map((code) => ({
    code,
    value: code === 'optin' ? (values.optin ? 'O' : 'N') : values[code],
  }));
  let body: unknown = null;
  try {
    const response = await apiFetch('/eshop/webFormResult', {
      json: { webFormId, fields },
      key: 'accounts:register',
    });
    body = await response.json().catch(() => null);
  } catch (error) {
    if (isAbortError(error)) throw error;
    console.error(WEB_FORM_ERROR_MESSAGE, error);
    throw new Error(WEB_FORM_ERROR_MESSAGE);
  }
  return readWebFormResult(body);
}

/**
 * Applies the web form result rule of spec section 5 to an answer body: success true with its result (the
 * contract's webFormAccepted), or the first error of the server (webFormRefused, or a plain API error such as a
 * 429), or WEB_FORM_ERROR_MESSAGE.
 */
export async function readWebFormResult(body: unknown): Promise<WebFormResult> {
  const [z, { webFormAccepted, webFormRefused }] = await loadContract();
  const accepted = z.safeParse(webFormAccepted, body);
  if (accepted.success) return accepted.data;
  const first =
    z.safeParse(webFormRefused, body).data?.errors[0]?.message || (await apiErrorOf(body))?.message;
  throw new Error(capMessage(first || WEB_FORM_ERROR_MESSAGE));
}
