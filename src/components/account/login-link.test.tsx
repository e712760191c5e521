// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test } from 'vitest';
import { AccountProvider } from './account-provider';
import { LoginLink } from './login-link';

afterEach(cleanup);

const tree = (
  <AccountProvider forgotPasswordUrl="https://boutique.test/oubli">
    <LoginLink className="bouton" />
  </AccountProvider>
);

describe('LoginLink', () => {
  test("the server's HTML is a link to the no-JavaScript login page", () => {
    expect(renderToString(tree)).toBe('<a class="bouton" href="/connexion">Se connecter</a>');
  });

  test('in the browser it is a button opening the modal, not a link to the login page', () => {
    render(tree);
    expect(screen.getByRole('button', { name: 'Se connecter' }).className).toBe('bouton');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
