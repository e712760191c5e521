import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { WebFormDefinition } from '@/client/accounts';
import { registrationFieldCode } from '@/lib/contracts/accounts';
import { LoginFormView } from './login-form-view';
import { RegistrationFormView } from './registration-form-view';
import { SERVER_RENDERED_LOGIN_FIELDS, SERVER_RENDERED_REGISTRATION_FIELDS } from './server-rendered-fields';

// The views as AuthFallback has the server render them for browsers without JavaScript: plain fields, no state.
const names = (html: string) =>
  [...html.matchAll(/<(?:input|select)[^>]* name="([^"]+)"/g)].map((match) => match[1]);

const DEFINITION: WebFormDefinition = {
  webFormId: 50293,
  fields: [],
  optinComment: 'Je souhaite recevoir la newsletter.',
  civilities: [
    { value: 13, label: 'Monsieur' },
    { value: 14, label: 'Madame' },
  ],
  functions: [{ value: 'entreprise', label: 'Entreprise', options: [{ value: 'DRH', label: 'DRH' }] }],
};

describe('the login and registration views rendered by the server', () => {
  test("'Se connecter' names its fields as the login action reads them", () => {
    const html = renderToStaticMarkup(
      <LoginFormView forgotPasswordUrl="https://boutique.test/oubli" fields={SERVER_RENDERED_LOGIN_FIELDS} />,
    );
    expect(html).toContain('>Se connecter</h2>');
    expect(names(html)).toEqual(['email', 'password', 'remember']);
    expect(html).toContain('Rester connecté');
    expect(html).toContain('href="https://boutique.test/oubli" target="_blank"');
    expect(html).not.toContain('role="alert"');
  });

  test("'Mot de passe oublié ?' stays in the tab when it is this site's own page", () => {
    const html = renderToStaticMarkup(
      <LoginFormView forgotPasswordUrl="/mot-de-passe-oublie" fields={SERVER_RENDERED_LOGIN_FIELDS} />,
    );
    expect(html).toContain('href="/mot-de-passe-oublie">Mot de passe oublié ?</a>');
  });

  test("'Créer un compte' names its fields as the registration action reads them, with the definition's choices", () => {
    const html = renderToStaticMarkup(
      <RegistrationFormView definition={DEFINITION} fields={SERVER_RENDERED_REGISTRATION_FIELDS} />,
    );
    expect(html).toContain('>Créer un compte</h2>');
    expect(names(html)).toEqual(registrationFieldCode.options);
    expect(html).toContain('<option value="14">Madame</option>');
    expect(html).toContain('<optgroup label="Entreprise"><option value="DRH">DRH</option></optgroup>');
    expect(html).toContain('Je souhaite recevoir la newsletter.');
    expect(html).not.toContain('checked');
  });

  test("on the login page both forms carry the page to go back to, and the modal's forms do not", () => {
    const login = renderToStaticMarkup(
      <LoginFormView
        forgotPasswordUrl="/oubli"
        fields={SERVER_RENDERED_LOGIN_FIELDS}
        returnPath="/agenda?mois=3"
      />,
    );
    const registration = renderToStaticMarkup(
      <RegistrationFormView
        definition={DEFINITION}
        fields={SERVER_RENDERED_REGISTRATION_FIELDS}
        returnPath="/agenda?mois=3"
      />,
    );
    for (const html of [login, registration]) {
      expect(html).toContain('<input type="hidden" name="retour" value="/agenda?mois=3"/>');
    }
    const modal = renderToStaticMarkup(
      <LoginFormView forgotPasswordUrl="/oubli" fields={SERVER_RENDERED_LOGIN_FIELDS} />,
    );
    expect(names(modal)).not.toContain('retour');
  });
});
