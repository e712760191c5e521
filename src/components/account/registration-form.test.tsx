// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { WebFormDefinition } from '@/client/accounts';
import { VALIDATION_MESSAGE_MAX } from '@/lib/constants';
import {
  EMAIL_MESSAGE,
  PASSWORD_CLASSES_MESSAGE,
  PASSWORD_CONFIRMATION_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
  WEB_FORM_ERROR_MESSAGE,
} from '@/lib/validation';
import { CIVILITIES } from '@/server/accounts/registration-form';
import { registrationResultFixture, subscriptionFixture } from '../../../tests/support/contract-fixtures';
import { RegistrationForm } from './registration-form';

const DEFINITION: WebFormDefinition = {
  webFormId: 50293,
  fields: [],
  optinComment: 'Je souhaite recevoir la newsletter.',
  // The server's list, as GET /api/eshop/webform answers it.
  civilities: [...CIVILITIES],
  functions: [
    { value: 'expertComptable', label: 'Expert-comptable' },
    {
      value: 'entreprise',
      label: 'Entreprise',
      options: [
        { value: 'DRH', label: 'Directeur ou responsable des ressources humaines' },
        { value: 'responsablePaie', label: 'Responsable paie' },
      ],
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
const onLoggedIn = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  onLoggedIn.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submitButton = () =>
  screen.getByRole('button', { name: /Créer mon compte|connexion\.\.\./ }) as HTMLButtonElement;

function fillValid() {
  change(/^Civilité/, '13');
  change(/^Nom/, 'Dupont');
  change(/^Prénom/, 'Jean');
  change(/^Adresse e-mail/, 'jean.dupont@exemple.fr');
  change(/^Mot de passe/, 'Secret#2026');
  change(/^Confirmation du mot de passe/, 'Secret#2026');
  change(/^Fonction/, 'DRH');
}

function renderForm() {
  render(<RegistrationForm onLoggedIn={onLoggedIn} definition={DEFINITION} />);
}

/** Answers the calls in order: URL path -> response. */
function answer(routes: Record<string, () => Response | Promise<Response>>) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url).split('?')[0] ?? '';
    const route = routes[path];
    if (!route) throw new Error(`unexpected call ${path}`);
    return route();
  });
}

describe('RegistrationForm', () => {
  test("is the 'Créer un compte' half with civilities 13 to 18 and the grouped function list", () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Créer un compte' })).toBeTruthy();
    const civilities = within(field(/^Civilité/))
      .getAllByRole('option')
      .slice(1);
    expect(civilities.map((option) => [(option as HTMLOptionElement).value, option.textContent])).toEqual([
      ['13', 'Monsieur'],
      ['14', 'Madame'],
      ['15', 'Mademoiselle'],
      ['16', 'Maître'],
      ['17', 'Professeur'],
      ['18', 'Docteur'],
    ]);
    const group = field(/^Fonction/).querySelector('optgroup');
    expect(group?.getAttribute('label')).toBe('Entreprise');
    expect([...(group?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual([
      'DRH',
      'responsablePaie',
    ]);
  });

  test('every field but the newsletter is required on submit, and nothing is sent', async () => {
    renderForm();
    fireEvent.click(submitButton());
    expect(await screen.findAllByText(REQUIRED_MESSAGE)).toHaveLength(7);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('required on blur once typed in, cleared on focus; untouched, nothing on blur', async () => {
    renderForm();
    fireEvent.blur(field(/^Prénom/));
    change(/^Nom/, 'M');
    change(/^Nom/, '');
    fireEvent.blur(field(/^Nom/));
    expect(await screen.findByText(REQUIRED_MESSAGE)).toBeTruthy();
    fireEvent.focus(field(/^Nom/));
    expect(screen.queryByText(REQUIRED_MESSAGE)).toBeNull();
  });

  test.each([
    [/^Adresse e-mail/, 'jean@exemple', EMAIL_MESSAGE],
    [/^Mot de passe/, '  Ab1#  ', PASSWORD_LENGTH_MESSAGE],
    [/^Mot de passe/, 'abcdefgh1', PASSWORD_CLASSES_MESSAGE],
  ])('the checks of section 5 run on blur (%s = %j)', async (label, value, message) => {
    renderForm();
    change(label, value);
    fireEvent.blur(field(label));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  test('the confirmation must equal the password', async () => {
    renderForm();
    change(/^Mot de passe/, 'Secret#2026');
    change(/^Confirmation du mot de passe/, 'Secret#2027');
    fireEvent.blur(field(/^Confirmation du mot de passe/));
    expect(await screen.findByText(PASSWORD_CONFIRMATION_MESSAGE)).toBeTruthy();
  });

  test("submitting disables the button, labelled 'connexion...'; success logs in and hands the user over", async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    answer({
      '/api/eshop/webFormResult': async () => {
        await pending;
        return Response.json({
          success: true,
          result: registrationResultFixture({ email: 'jean.dupont@exemple.fr' }),
          errors: [],
        });
      },
      '/api/eshop/login': () =>
        Response.json({
          cookieObj: { name: 's', value: 'v', ttl: 3600 },
          user: { firstname: 'Jean', lastname: 'Dupont' },
        }),
    });
    renderForm();
    fillValid();
    fireEvent.click(submitButton());
    await vi.waitFor(() => expect(submitButton().textContent).toBe('connexion...'));
    expect(submitButton().disabled).toBe(true);
    release();
    await vi.waitFor(() =>
      expect(onLoggedIn).toHaveBeenCalledWith({ firstname: 'Jean', lastname: 'Dupont' }),
    );
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body.webFormId).toBe(50293);
    expect(body.fields).toContainEqual({ code: 'civility', value: '13' });
    expect(body.fields).toContainEqual({ code: 'optin', value: 'N' });
  });

  test('with the newsletter ticked, the address is subscribed (isSubscribing true) before the form is sent', async () => {
    answer({
      '/api/contentAlert/subscription': () => Response.json(subscriptionFixture('subscribed')),
      '/api/eshop/webFormResult': () =>
        Response.json({ success: true, result: JSON.stringify(registrationResultFixture()), errors: [] }),
      '/api/eshop/login': () =>
        Response.json({
          cookieObj: { name: 's', value: 'v', ttl: 3600 },
          user: { firstname: 'Jean', lastname: 'Dupont' },
        }),
    });
    renderForm();
    fillValid();
    fireEvent.click(screen.getByLabelText('Je souhaite recevoir la newsletter.'));
    fireEvent.click(submitButton());
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    const paths = fetchMock.mock.calls.map(([url]) => String(url));
    expect(paths).toEqual(['/api/contentAlert/subscription', '/api/eshop/webFormResult', '/api/eshop/login']);
    expect(String(fetchMock.mock.calls[0]?.[1]?.body)).toContain('isSubscribing=true');
  });

  test("error: the server's first error is shown, cut at 256 characters", async () => {
    const long = 'x'.repeat(400);
    answer({
      '/api/eshop/webFormResult': () =>
        Response.json({ success: false, result: null, errors: [{ field: null, message: long }] }),
    });
    renderForm();
    fillValid();
    fireEvent.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('x'.repeat(VALIDATION_MESSAGE_MAX));
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(submitButton().disabled).toBe(false);
  });

  test("error without a server message: 'une erreur est survenue'", async () => {
    answer({ '/api/eshop/webFormResult': () => Response.json({ success: true, result: '' }) });
    renderForm();
    fillValid();
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(WEB_FORM_ERROR_MESSAGE);
  });

  test('without a definition given, it is fetched for form 50293', async () => {
    answer({ '/api/eshop/webFormFields': () => Response.json(DEFINITION) });
    render(<RegistrationForm onLoggedIn={onLoggedIn} />);
    await screen.findByRole('option', { name: 'Docteur' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/eshop/webFormFields?webFormId=50293');
  });
});
