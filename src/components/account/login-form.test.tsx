// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '@/lib/validation';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();
const onLoggedIn = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  onLoggedIn.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  render(<LoginForm onLoggedIn={onLoggedIn} forgotPasswordUrl="https://boutique.test/mot-de-passe" />);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const email = () => screen.getByLabelText(/Adresse e-mail/);
const password = () => screen.getByLabelText(/Mot de passe/);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

function fill(emailValue: string, passwordValue: string) {
  fireEvent.change(email(), { target: { value: emailValue } });
  fireEvent.change(password(), { target: { value: passwordValue } });
}

describe('LoginForm', () => {
  test("is the 'Se connecter' half, with the shop's forgot-password link in a new tab", () => {
    expect(screen.getByRole('heading', { name: 'Se connecter' })).toBeTruthy();
    const forgot = screen.getByRole('link', { name: /Mot de passe oublié/ });
    expect(forgot.getAttribute('href')).toBe('https://boutique.test/mot-de-passe');
    expect(forgot.getAttribute('target')).toBe('_blank');
  });

  test('a field left untouched says nothing on blur: the window focuses it, the reader taps elsewhere', async () => {
    fireEvent.focus(email());
    fireEvent.blur(email());
    // The password typed in then emptied, blurred after: its check ends after the one the e-mail would have had.
    fireEvent.change(password(), { target: { value: 'x' } });
    fireEvent.change(password(), { target: { value: '' } });
    fireEvent.blur(password());
    expect(await screen.findByText(REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.getAllByText(REQUIRED_MESSAGE)).toHaveLength(1);
    expect(email().getAttribute('aria-invalid')).not.toBe('true');
  });

  test('a required field typed in, then emptied, says so on blur; the message clears on focus', async () => {
    fireEvent.change(email(), { target: { value: 'j' } });
    fireEvent.change(email(), { target: { value: '' } });
    fireEvent.blur(email());
    expect(await screen.findByText(REQUIRED_MESSAGE)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    fireEvent.focus(email());
    expect(screen.queryByText(REQUIRED_MESSAGE)).toBeNull();
  });

  test('a check that ends after the field got the focus back shows no message', async () => {
    fireEvent.change(email(), { target: { value: 'j' } });
    fireEvent.change(email(), { target: { value: '' } });
    fireEvent.blur(email());
    fireEvent.focus(email());
    // The password, emptied and blurred without taking the focus: its check ends after the e-mail's.
    fireEvent.change(password(), { target: { value: 'x' } });
    fireEvent.change(password(), { target: { value: '' } });
    fireEvent.blur(password());
    expect(await screen.findByText(REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.getAllByText(REQUIRED_MESSAGE)).toHaveLength(1);
    expect(email().getAttribute('aria-invalid')).not.toBe('true');
  });

  test('the message clears when the value changes', async () => {
    submit();
    await screen.findAllByText(REQUIRED_MESSAGE);
    fireEvent.change(email(), { target: { value: 'jean@exemple.fr' } });
    fireEvent.blur(password());
    expect(await screen.findByText(REQUIRED_MESSAGE)).toBeTruthy();
    fireEvent.change(password(), { target: { value: 'x' } });
    expect(screen.queryByText(REQUIRED_MESSAGE)).toBeNull();
  });

  test('an invalid e-mail is refused and nothing is sent', async () => {
    fill('jean@', 'secret');
    submit();
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('both fields are required on submit', async () => {
    submit();
    expect(await screen.findAllByText(REQUIRED_MESSAGE)).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('loading then success: the button is disabled meanwhile and the user is handed over', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    fill('jean.dupont@exemple.fr', 'Secret#2026');
    submit();
    const button = await screen.findByRole('button', { name: 'Connexion en cours...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer(
      Response.json({
        cookieObj: { name: 'session', value: 'x', ttl: 3600 },
        user: { firstname: 'Jean', lastname: 'Dupont' },
      }),
    );
    await vi.waitFor(() =>
      expect(onLoggedIn).toHaveBeenCalledWith({ firstname: 'Jean', lastname: 'Dupont' }),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/eshop/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'jean.dupont@exemple.fr',
      password: 'Secret#2026',
      remember: false,
    });
  });

  test("error: the server's message is shown", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { cookieObj: { error: 'Adresse e-mail ou mot de passe incorrect.' }, user: null },
        { status: 401 },
      ),
    );
    fill('jean.dupont@exemple.fr', 'mauvais');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });
});
