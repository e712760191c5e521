import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { REGISTRATION_FORM_ID } from '@/lib/constants';
import { registrationFieldCode } from '@/lib/contracts/accounts';
import { registrationResultFixture, webFormFixture } from '../../tests/support/contract-fixtures';
import {
  getWebFormFields,
  LOGIN_ERROR_MESSAGE,
  loadUser,
  login,
  logout,
  type RegistrationValues,
  readWebFormResult,
  submitRegistration,
  USER_LOAD_ERROR_MESSAGE,
  WEB_FORM_ERROR_MESSAGE,
} from './accounts';
import { apiFetch, setAuthToken } from './http';

let fetchMock: Mock<(input: string, init: RequestInit) => Promise<Response>>;
let consoleError: Mock;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  consoleError = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(consoleError);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAuthToken(null);
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('no request sent');
  return { url: call[0], init: call[1] };
}

const VALUES: RegistrationValues = {
  civility: '14',
  lastname: 'Martin',
  firstname: 'Claire',
  email: 'claire@cabinet.fr',
  password: 'Cl@ire-Compta-2024',
  confirmed: 'Cl@ire-Compta-2024',
  function: 'expertComptable',
  optin: true,
};

describe('loadUser', () => {
  // The server set the session hint beside the HttpOnly session cookie at login.
  beforeEach(() => vi.stubGlobal('document', { cookie: 'autre=1; quotidienne_connecte=1' }));

  it('asks nothing when no session was opened in this browser: no 401 in the console', async () => {
    vi.stubGlobal('document', { cookie: 'autre=1' });
    expect(await loadUser()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks with a stored token even without the hint (spec section 6)', async () => {
    vi.stubGlobal('document', { cookie: '' });
    setAuthToken('jeton');
    fetchMock.mockResolvedValue(json({ firstname: 'Claire', lastname: 'Martin' }));
    expect(await loadUser()).toEqual({ firstname: 'Claire', lastname: 'Martin' });
  });

  it('forgets the hint of a session the server ended (401)', async () => {
    const page = { cookie: 'quotidienne_connecte=1' };
    vi.stubGlobal('document', page);
    fetchMock.mockResolvedValue(json({ error: { code: 'unauthorized', message: 'x' } }, 401));
    expect(await loadUser()).toBeNull();
    expect(page.cookie).toMatch(/^quotidienne_connecte=; Path=\/; Max-Age=0/);
  });

  it('answers the user of GET /api/eshop/me', async () => {
    fetchMock.mockResolvedValue(json({ firstname: 'Claire', lastname: 'Martin' }));
    expect(await loadUser()).toEqual({ firstname: 'Claire', lastname: 'Martin' });
    expect(lastCall().url).toBe('/api/eshop/me');
    expect(lastCall().init.credentials).toBe('same-origin');
  });

  it('answers null for an anonymous visitor (401), without logging', async () => {
    const answer = json({ error: { code: 'unauthorized', message: 'x' } }, 401);
    fetchMock.mockResolvedValue(answer);
    expect(await loadUser()).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
    // An unread body keeps the request open in Chromium's network log (Lighthouse then waits 45 s).
    expect(answer.bodyUsed).toBe(true);
  });

  it.each([
    ['a server error', () => Promise.resolve(json({ error: { message: 'boom' } }, 500))],
    ['a malformed answer', () => Promise.resolve(json({ name: 'Claire' }))],
    ['a body that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('logs and throws the user-loading error on %s', async (_case, answer) => {
    fetchMock.mockImplementation(answer);
    await expect(loadUser()).rejects.toThrow(USER_LOAD_ERROR_MESSAGE);
    expect(consoleError).toHaveBeenCalled();
  });

  it('is cancelled by a newer call: the older one rejects with an AbortError', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    fetchMock.mockResolvedValueOnce(json({ firstname: 'Claire', lastname: 'Martin' }));
    const first = loadUser();
    const second = loadUser();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(await second).toEqual({ firstname: 'Claire', lastname: 'Martin' });
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('login', () => {
  it('posts the credentials as JSON and answers the user', async () => {
    fetchMock.mockResolvedValue(
      json({ cookieObj: { name: 'quotidienne_session', value: 'jeton', ttl: 3600 }, user: VALUES }),
    );
    expect(await login('claire@cabinet.fr', 'secret')).toEqual({ firstname: 'Claire', lastname: 'Martin' });
    const { url, init } = lastCall();
    expect(url).toBe('/api/eshop/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'claire@cabinet.fr',
      password: 'secret',
      remember: false,
    });
  });

  it('asks for a 30-day session when "Rester connecté" is ticked', async () => {
    fetchMock.mockResolvedValue(
      json({ cookieObj: { name: 'quotidienne_session', value: 'jeton', ttl: 2_592_000 }, user: VALUES }),
    );
    await login('claire@cabinet.fr', 'secret', true);
    expect(JSON.parse(String(lastCall().init.body))).toMatchObject({ remember: true });
  });

  it('keeps the token out of script reach: later calls carry no Authorization header', async () => {
    fetchMock.mockResolvedValue(
      json({ cookieObj: { name: 'quotidienne_session', value: 'jeton', ttl: 3600 }, user: VALUES }),
    );
    await login('claire@cabinet.fr', 'secret');
    await apiFetch('/issue');
    expect(new Headers(lastCall().init.headers).get('authorization')).toBeNull();
  });

  it('throws cookieObj.error as it is, whatever the status', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ cookieObj: { error: 'Identifiants incorrects.' }, user: null }, 401),
    );
    await expect(login('a@b.fr', 'x')).rejects.toThrow('Identifiants incorrects.');
    fetchMock.mockResolvedValueOnce(json({ cookieObj: { error: 'Erreur dans un 200' }, user: null }));
    await expect(login('a@b.fr', 'x')).rejects.toThrow('Erreur dans un 200');
  });

  it('throws the generic login error for any other failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    await expect(login('a@b.fr', 'x')).rejects.toThrow(LOGIN_ERROR_MESSAGE);
    fetchMock.mockResolvedValueOnce(json({ cookieObj: {}, user: null }));
    await expect(login('a@b.fr', 'x')).rejects.toThrow(LOGIN_ERROR_MESSAGE);
  });
});

describe('logout', () => {
  it('posts to /api/eshop/logout and forgets a stored token', async () => {
    setAuthToken('ancien');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await logout();
    expect(lastCall().url).toBe('/api/eshop/logout');
    expect(lastCall().init.method).toBe('POST');
    expect(new Headers(lastCall().init.headers).get('authorization')).toBeNull();
  });

  it('throws when the server refuses', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 403 }));
    await expect(logout()).rejects.toMatchObject({ status: 403 });
  });
});

describe('getWebFormFields', () => {
  it('asks for the registration form by default', async () => {
    fetchMock.mockResolvedValue(json(webFormFixture({ webFormId: REGISTRATION_FORM_ID })));
    expect(await getWebFormFields()).toMatchObject({ webFormId: REGISTRATION_FORM_ID });
    expect(lastCall().url).toBe(`/api/eshop/webFormFields?webFormId=${REGISTRATION_FORM_ID}`);
  });

  it('throws the server message for an unknown form', async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'not_found', message: 'Formulaire introuvable.' } }, 404),
    );
    await expect(getWebFormFields(1)).rejects.toMatchObject({
      status: 404,
      message: 'Formulaire introuvable.',
    });
  });
});

describe('submitRegistration', () => {
  const RESULT = registrationResultFixture({ optin: true });

  it('sends the form id and the {code, value} list, optin as O or N', async () => {
    fetchMock.mockImplementation(async () => json({ success: true, result: RESULT, errors: [] }));
    expect(await submitRegistration(VALUES)).toEqual({ success: true, result: RESULT, errors: [] });
    const { url, init } = lastCall();
    expect(url).toBe('/api/eshop/webFormResult');
    const body = JSON.parse(String(init.body)) as {
      webFormId: number;
      fields: { code: string; value: string }[];
    };
    expect(body.webFormId).toBe(REGISTRATION_FORM_ID);
    expect(body.fields).toContainEqual({ code: 'optin', value: 'O' });
    expect(body.fields).toContainEqual({ code: 'civility', value: '14' });
    expect(body.fields.map((field) => field.code)).toEqual(registrationFieldCode.options);
    await submitRegistration({ ...VALUES, optin: false });
    expect(JSON.parse(String(lastCall().init.body)).fields).toContainEqual({ code: 'optin', value: 'N' });
  });

  it('throws the first server error of a refused form', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          result: null,
          errors: [
            { field: 'email', message: 'Adresse déjà utilisée.' },
            { field: 'password', message: 'Trop court.' },
          ],
        },
        409,
      ),
    );
    await expect(submitRegistration(VALUES)).rejects.toThrow('Adresse déjà utilisée.');
  });

  it('throws the message of a plain API error (429, 403…)', async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'rate_limited', message: 'Trop de tentatives.' } }, 429),
    );
    await expect(submitRegistration(VALUES)).rejects.toThrow('Trop de tentatives.');
  });

  it('logs and throws the generic message on a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(submitRegistration(VALUES)).rejects.toThrow(WEB_FORM_ERROR_MESSAGE);
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('readWebFormResult (spec section 5 rule)', () => {
  const RESULT = registrationResultFixture();

  it('accepts success true with the result of its contract, parsing a string result as JSON', async () => {
    expect(
      (await readWebFormResult({ success: true, result: JSON.stringify(RESULT), errors: [] })).result,
    ).toEqual(RESULT);
    await expect(readWebFormResult({ success: true, result: RESULT, errors: [] })).resolves.toEqual({
      success: true,
      result: RESULT,
      errors: [],
    });
  });

  it.each([
    ['success false', { success: false, result: { email: 'a@b.fr' } }],
    ['success as a string', { success: 'true', result: { email: 'a@b.fr' } }],
    ['a null result', { success: true, result: null }],
    ['an empty string result', { success: true, result: '' }],
    ['an empty object result', { success: true, result: {} }],
    ['an empty list result', { success: true, result: [] }],
    ['a string result that is not JSON', { success: true, result: 'ok' }],
    ['a string result of an empty object', { success: true, result: '{}' }],
    ['a result missing a field of its contract', { success: true, result: { email: 'a@b.fr' }, errors: [] }],
    ['errors that are not {field, message}', { success: false, result: null, errors: ['Erreur'] }],
    ['no body', null],
    ['empty errors', { success: false, result: null, errors: [] }],
  ])('throws "une erreur est survenue" for %s', async (_case, body) => {
    await expect(readWebFormResult(body)).rejects.toThrow(WEB_FORM_ERROR_MESSAGE);
  });

  it('throws the first server error, cut to 256 characters', async () => {
    await expect(
      readWebFormResult({
        success: false,
        result: null,
        errors: [
          { field: 'email', message: 'Erreur du serveur' },
          { field: 'password', message: 'Autre erreur' },
        ],
      }),
    ).rejects.toThrow('Erreur du serveur');
    let message = '';
    try {
      await readWebFormResult({
        success: false,
        result: null,
        errors: [{ field: null, message: 'é'.repeat(400) }],
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('é'.repeat(256));
  });
});
